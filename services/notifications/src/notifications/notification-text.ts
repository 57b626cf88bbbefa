import { displayName } from '@daybreak/contracts';
import type { PushMessage } from '../push/push-dispatcher';

export type NotificationType = 'like' | 'comment' | 'follow' | 'post' | 'other';

/** The names of a member as the read model knows them; null for a member not yet heard of. */
export interface MemberNames {
  firstName: string | null;
  lastName: string | null;
  profileName: string | null;
}

type MemberNotificationType = Exclude<NotificationType, 'other'>;

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
  url?: string;
}): PushMessage {
  return { title: 'Daybreak', body: n.message, url: n.url ?? notificationUrl(n) };
}
