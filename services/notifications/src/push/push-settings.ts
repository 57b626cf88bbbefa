import { NotificationsConfig } from '../config';

export interface PushSettings {
  /** Null: push is off (no VAPID keys configured). */
  vapid: { subject: string; publicKey: string; privateKey: string } | null;
  /** Accepted endpoint origins besides the browsers' push services (PUSH_EXTRA_ORIGINS). */
  extraOrigins: readonly string[];
  /** Further attempts after a 429, 5xx or network failure. */
  retries: number;
  /** Delay before the first retry; it doubles for each next one. */
  retryBaseMs: number;
  /** Sends in flight at once in this process (PUSH_WINDOW). */
  window: number;
}

export const PUSH_SETTINGS = Symbol('PUSH_SETTINGS');

export function pushSettings(config: NotificationsConfig): PushSettings {
  const { VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT } = config;
  return {
    vapid:
      VAPID_PUBLIC_KEY && VAPID_PRIVATE_KEY && VAPID_SUBJECT
        ? { subject: VAPID_SUBJECT, publicKey: VAPID_PUBLIC_KEY, privateKey: VAPID_PRIVATE_KEY }
        : null,
    extraOrigins: config.PUSH_EXTRA_ORIGINS,
    retries: 3,
    retryBaseMs: 500,
    window: config.PUSH_WINDOW,
  };
}
