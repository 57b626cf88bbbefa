/**
 * The browser side of web push (spec §2, §4 Push): subscribing this device with the server's VAPID
 * key and forgetting it again. The screens call these; the wording of failures is theirs.
 */
import { fetchPushPublicKey, subscribeToPush, unsubscribeFromPush } from './notifications-api';
import { SERVICE_WORKER_URL, supportsPush } from './service-worker';

export type PushState = 'unsupported' | 'unsubscribed' | 'subscribed' | 'loading';

/** The member refused (or had blocked) notifications: nothing can be subscribed. */
export class PushPermissionDeniedError extends Error {
  constructor() {
    super('Notification permission was not granted.');
  }
}

/** A VAPID public key (base64url, as the server gives it) as the bytes `PushManager.subscribe` takes. */
export function applicationServerKey(publicKey: string): Uint8Array<ArrayBuffer> {
  const base64 = publicKey.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** This device's current subscription, or null; 'unsupported' when the browser has no push. */
export async function currentPushState(): Promise<Exclude<PushState, 'loading'>> {
  if (!supportsPush()) return 'unsupported';
  const registration = await navigator.serviceWorker.getRegistration(SERVICE_WORKER_URL);
  const subscription = await registration?.pushManager.getSubscription();
  return subscription ? 'subscribed' : 'unsubscribed';
}

type PushStateListener = (state: 'subscribed' | 'unsubscribed') => void;
const pushStateListeners = new Set<PushStateListener>();

/**
 * Calls `listener` whenever this page turns push on or off on this device (the profile's push toggle
 * and its Mornings section each show it); answers the unsubscribe.
 */
export function onPushStateChange(listener: PushStateListener): () => void {
  pushStateListeners.add(listener);
  return () => pushStateListeners.delete(listener);
}

const announce = (state: 'subscribed' | 'unsubscribed') => {
  for (const listener of pushStateListeners) listener(state);
};

/**
 * Registers the worker, asks for permission, subscribes with the server's key and stores the
 * subscription on the server. If the server refuses it, the browser's subscription is dropped again.
 */
export async function enablePush(): Promise<void> {
  await navigator.serviceWorker.register(SERVICE_WORKER_URL);
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushPermissionDeniedError();
  const { publicKey } = await fetchPushPublicKey();
  // Subscribing needs an active worker; `ready` waits for it.
  const registration = await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: applicationServerKey(publicKey),
  });
  try {
    await subscribeToPush(subscription.toJSON() as Parameters<typeof subscribeToPush>[0]);
  } catch (error) {
    await subscription.unsubscribe().catch(() => undefined);
    throw error;
  }
  announce('subscribed');
}

/** Tells the server to forget this device, then unsubscribes the browser. */
export async function disablePush(): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration(SERVICE_WORKER_URL);
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  await unsubscribeFromPush(subscription.endpoint);
  await subscription.unsubscribe();
  announce('unsubscribed');
}
