import { z } from 'zod';
import { badgeEarnedV1, mediaUploadedV1, notificationCreatedV1 } from './other.events';
import { commentCreatedV1, postCreatedV1, postDeletedV1, postLikedV1, postUnlikedV1 } from './post.events';
import {
  inviteAcceptedV1,
  inviteCreatedV1,
  userFollowedV1,
  userRegisteredV1,
  userUnfollowedV1,
  userUpdatedV1,
} from './user.events';

/**
 * The catalogue of every event in the system. A publisher can only send a type listed here, and the
 * Kafka message key is always derived from the payload by `key`, so events of one aggregate stay
 * ordered within a partition.
 */
export const eventCatalogue = {
  'user.registered': {
    version: 1,
    schema: userRegisteredV1,
    key: (p: z.infer<typeof userRegisteredV1>) => p.userId,
  },
  'user.updated': { version: 1, schema: userUpdatedV1, key: (p: z.infer<typeof userUpdatedV1>) => p.userId },
  'user.followed': {
    version: 1,
    schema: userFollowedV1,
    key: (p: z.infer<typeof userFollowedV1>) => p.followerId,
  },
  'user.unfollowed': {
    version: 1,
    schema: userUnfollowedV1,
    key: (p: z.infer<typeof userUnfollowedV1>) => p.followerId,
  },
  'invite.created': {
    version: 1,
    schema: inviteCreatedV1,
    key: (p: z.infer<typeof inviteCreatedV1>) => p.inviterId,
  },
  'invite.accepted': {
    version: 1,
    schema: inviteAcceptedV1,
    key: (p: z.infer<typeof inviteAcceptedV1>) => p.inviterId,
  },
  'post.created': { version: 1, schema: postCreatedV1, key: (p: z.infer<typeof postCreatedV1>) => p.postId },
  'post.deleted': { version: 1, schema: postDeletedV1, key: (p: z.infer<typeof postDeletedV1>) => p.postId },
  'post.liked': { version: 1, schema: postLikedV1, key: (p: z.infer<typeof postLikedV1>) => p.postId },
  'post.unliked': { version: 1, schema: postUnlikedV1, key: (p: z.infer<typeof postUnlikedV1>) => p.postId },
  'comment.created': {
    version: 1,
    schema: commentCreatedV1,
    key: (p: z.infer<typeof commentCreatedV1>) => p.postId,
  },
  'badge.earned': { version: 1, schema: badgeEarnedV1, key: (p: z.infer<typeof badgeEarnedV1>) => p.userId },
  'notification.created': {
    version: 1,
    schema: notificationCreatedV1,
    key: (p: z.infer<typeof notificationCreatedV1>) => p.userId,
  },
  'media.uploaded': {
    version: 1,
    schema: mediaUploadedV1,
    key: (p: z.infer<typeof mediaUploadedV1>) => p.ownerId,
  },
} as const;

export type EventType = keyof typeof eventCatalogue;
export type EventPayload<T extends EventType> = z.infer<(typeof eventCatalogue)[T]['schema']>;

/** One topic per event type and version, e.g. `post.created.v1`. */
export function topicOf(type: EventType): string {
  return `${type}.v${eventCatalogue[type].version}`;
}

export function messageKeyOf<T extends EventType>(type: T, payload: EventPayload<T>): string {
  const keyOf = eventCatalogue[type].key as (p: EventPayload<T>) => string;
  return keyOf(payload);
}

export const allEventTypes = Object.keys(eventCatalogue) as EventType[];

export function eventTypeOfTopic(topic: string): EventType | undefined {
  return allEventTypes.find((type) => topicOf(type) === topic);
}
