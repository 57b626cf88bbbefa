import { displayName } from '@daybreak/contracts';
import type { PushMessage } from '../push/push-dispatcher';

export type NotificationType = 'like' | 'comment' | 'follow' | 'post' | 'report' | 'other';

/** The names of a member as the read model knows them; null for a member not yet heard of. */
export interface MemberNames {
  firstName: string | null;
  lastName: string | null;
  profileName: string | null;
}

type MemberNotificationType = Exclude<NotificationType, 'other' | 'report'>;

export function isFromMember(type: string): type is MemberNotificationType {
  return type === 'like' || type === 'comment' || type === 'follow' || type === 'post';
}

/** What the recipient reads: "Ana liked your post" (spec §9's name fallbacks, 'Member' last). */
export function memberMessage(type: MemberNotificationType, from: MemberNames | null): string {
  const name = displayName(from);
  switch (type) {
    case 'like':
      return `${name} liked your post`;
    case 'comment':
      return `${name} commented on your post`;
    case 'follow':
      return `${name} started following you`;
    case 'post':
      return `${name} shared a new post`;
  }
}

/**
 * What a reporter reads when a moderator resolved their report (issue 42): that it was looked at and
 * whether anything was done, never who decided nor what exactly.
 */
export function reportResolvedMessage(action: 'dismiss' | 'hide' | 'suspend'): string {
  return action === 'dismiss'
    ? 'Thanks for your report. A moderator reviewed it and found no rule broken.'
    : 'Thanks for your report. A moderator reviewed it and took action.';
}

export function badgeMessage(badgeName: string): string {
  return `You earned the ${badgeName} badge!`;
}

/** Where opening the notification leads (spec §2, Notifications: row targets). */
export function notificationUrl(n: {
  type: string;
  fromUserId: string | null;
  postId: string | null;
}): string {
  if (n.type === 'follow' && n.fromUserId) return `/profile/${n.fromUserId}`;
  if (n.postId) return `/?post=${n.postId}`;
  return '/';
}

export function pushMessage(n: {
  type: string;
  message: string;
  fromUserId: string | null;
  postId: string | null;
}): PushMessage {
  return { title: 'Daybreak', body: n.message, url: notificationUrl(n) };
}
