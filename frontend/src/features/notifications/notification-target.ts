import type { AppNotification } from '@daybreak/contracts';

export type NotificationTarget =
  | { to: '/profile/$userId'; params: { userId: string } }
  | { to: '/'; search: { post: string } }
  | { to: '/' }
  | { to: '/create-post' };

/**
 * Spec §2 (notifications screen): follow → the follower's profile; others with a post → `/?post=`; a
 * wake-up reminder → posting, as its push does (issue 43); else `/`.
 */
export function notificationTarget(
  notification: Pick<AppNotification, 'type' | 'fromUserId' | 'postId' | 'kind'>,
): NotificationTarget {
  if (notification.kind === 'reminder') return { to: '/create-post' };
  if (notification.type === 'follow' && notification.fromUserId) {
    return { to: '/profile/$userId', params: { userId: notification.fromUserId } };
  }
  if (notification.postId) return { to: '/', search: { post: notification.postId } };
  return { to: '/' };
}
