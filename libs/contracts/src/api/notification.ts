import type { UserSummary } from './user';

/** A notification (spec §3), as `GET /api/notifications` lists them. */
export interface AppNotification {
  id: string;
  /** like, comment, follow, post, or another type the SPA shows with a generic icon. */
  type: string;
  message: string;
  isRead: boolean;
  createdAt: string;
  /**
   * What a notification from Daybreak itself is about (type `other`), for its icon and target:
   * `reminder` (the wake-up reminder), `badge`, …; null for the others.
   */
  kind?: string | null;
  /** Null for notifications no member caused. */
  fromUserId: string | null;
  postId?: string | null;
  fromUser?: Pick<UserSummary, 'profileImageUrl' | 'firstName' | 'lastName' | 'profileName'> | null;
  post?: { imageUrl: string | null } | null;
}

/** `GET /api/notifications/unread-count`. */
export interface UnreadCount {
  count: number;
}

/** `GET /api/notifications/vapid-key`: the server's VAPID public key for `PushManager.subscribe`. */
export interface PushPublicKey {
  publicKey: string;
}

/** A browser push subscription as `PushSubscription.toJSON()` gives it. */
export interface PushSubscriptionData {
  endpoint: string;
  expirationTime?: number | null;
  keys: { p256dh: string; auth: string };
}

/** `POST /api/notifications/subscribe`. */
export interface PushSubscribeRequest {
  subscription: PushSubscriptionData;
}
