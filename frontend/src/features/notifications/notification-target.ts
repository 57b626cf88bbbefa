import type { AppNotification } from '@daybreak/contracts';

export type NotificationTarget =
  | { to: '/profile/$userId'; params: { userId: string } }
  | { to: '/'; search: { post: string } }
  | { to: '/' };

/** Spec §2 (notifications screen): follow → the follower's profile; others with a post → `/?post=`; else `/`. */
export function notificationTarget(
  notification: Pick<AppNotification, 'type' | 'fromUserId' | 'postId'>,
): NotificationTarget {
  if (notification.type === 'follow' && notification.fromUserId) {
    return { to: '/profile/$userId', params: { userId: notification.fromUserId } };
  }
  if (notification.postId) return { to: '/', search: { post: notification.postId } };
  return { to: '/' };
}
