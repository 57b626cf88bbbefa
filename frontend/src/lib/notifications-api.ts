/** Notifications and web push (spec §7). */
import type {
  AppNotification,
  PushPublicKey,
  PushSubscribeRequest,
  PushSubscriptionData,
  UnreadCount,
} from '@daybreak/contracts';
import { getJson, segment, sendOnly, type RequestOptions } from './api-client';

export function fetchNotifications(options?: RequestOptions): Promise<AppNotification[]> {
  return getJson<AppNotification[]>('/api/notifications', options);
}

export function fetchUnreadCount(options?: RequestOptions): Promise<UnreadCount> {
  return getJson<UnreadCount>('/api/notifications/unread-count', options);
}

export function markNotificationRead(notificationId: string): Promise<void> {
  return sendOnly('PUT', `/api/notifications/${segment(notificationId)}/read`);
}

export function markAllNotificationsRead(): Promise<void> {
  return sendOnly('PUT', '/api/notifications/read-all');
}

export function fetchPushPublicKey(options?: RequestOptions): Promise<PushPublicKey> {
  return getJson<PushPublicKey>('/api/notifications/vapid-key', options);
}

export function subscribeToPush(subscription: PushSubscriptionData): Promise<void> {
  return sendOnly('POST', '/api/notifications/subscribe', { subscription } satisfies PushSubscribeRequest);
}

/** Forgets one device's subscription, named by its endpoint. */
export function unsubscribeFromPush(endpoint: string): Promise<void> {
  return sendOnly('POST', '/api/notifications/unsubscribe', { endpoint });
}
