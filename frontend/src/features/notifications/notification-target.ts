import type { AppNotification } from '@daybreak/contracts';

export type NotificationTarget =
  | { to: '/profile/$userId'; params: { userId: string } }
  | { to: '/'; search: { post: string } }
  | { to: '/' }
  | { to: '/create-post' };

/** The morning messages (issue 43), which open posting as their pushes do: their `kind`s. */
const MORNING_KINDS = new Set(['reminder', 'streak-at-risk', 'week-closed']);

/** Whether a notification is a morning message that opens posting. */
export const opensPosting = (notification: Pick<AppNotification, 'kind'>): boolean =>
  MORNING_KINDS.has(notification.kind ?? '');

/**
 * Spec §2 (notifications screen): follow → the follower's profile; others with a post → `/?post=`; a
 * morning message (reminder, streak nudge, weekly recap) → posting, as its push does (issue 43); else `/`.
 */
export function notificationTarget(
  notification: Pick<AppNotification, 'type' | 'fromUserId' | 'postId' | 'kind'>,
): NotificationTarget {
  if (opensPosting(notification)) return { to: '/create-post' };
  if (notification.type === 'follow' && notification.fromUserId) {
    return { to: '/profile/$userId', params: { userId: notification.fromUserId } };
  }
  if (notification.postId) return { to: '/', search: { post: notification.postId } };
  return { to: '/' };
}
