import { z } from 'zod';
import { analyticsEventRecordedV1 } from './analytics.events';
import { badgeEarnedV1, mediaUploadedV1, notificationCreatedV1 } from './other.events';
import {
  commentHiddenV1,
  postHiddenV1,
  reportResolvedV1,
  userSuspendedV1,
  userUnsuspendedV1,
} from './moderation.events';
import { leaderboardWeekClosedV1, streakAtRiskV1 } from './morning.events';
import { userBlockedV1, userMutedV1, userUnblockedV1, userUnmutedV1 } from './safety.events';
import { commentCreatedV1, postCreatedV1, postDeletedV1, postLikedV1, postUnlikedV1 } from './post.events';
import {
  inviteAcceptedV1,
  inviteCreatedV1,
  userDeletedV1,
  inviteSharedV1,
  userFollowedV1,
  userRegisteredV1,
  userUnfollowedV1,
  userUpdatedV1,
} from './user.events';

/**
 * The catalogue of every event in the system. A publisher can only send a type listed here, and the
 * Kafka message key is always derived from the payload by `key`, so events of one aggregate stay
 * ordered within a partition. `owner` is the one service that publishes the type (ARCHITECTURE §1):
 * consumers refuse an envelope whose `producer` is anyone else.
 */
export const eventCatalogue = {
  'user.registered': {
    owner: 'social',
    version: 1,
    schema: userRegisteredV1,
    key: (p: z.infer<typeof userRegisteredV1>) => p.userId,
  },
  'user.updated': {
    owner: 'social',
    version: 1,
    schema: userUpdatedV1,
    key: (p: z.infer<typeof userUpdatedV1>) => p.userId,
  },
  'user.deleted': {
    owner: 'social',
    version: 1,
    schema: userDeletedV1,
    key: (p: z.infer<typeof userDeletedV1>) => p.userId,
  },
  'user.followed': {
    owner: 'social',
    version: 1,
    schema: userFollowedV1,
    key: (p: z.infer<typeof userFollowedV1>) => p.followerId,
  },
  'user.unfollowed': {
    owner: 'social',
    version: 1,
    schema: userUnfollowedV1,
    key: (p: z.infer<typeof userUnfollowedV1>) => p.followerId,
  },
  'user.blocked': {
    owner: 'social',
    version: 1,
    schema: userBlockedV1,
    key: (p: z.infer<typeof userBlockedV1>) => p.blockerId,
  },
  'user.unblocked': {
    owner: 'social',
    version: 1,
    schema: userUnblockedV1,
    key: (p: z.infer<typeof userUnblockedV1>) => p.blockerId,
  },
  'user.muted': {
    owner: 'social',
    version: 1,
    schema: userMutedV1,
    key: (p: z.infer<typeof userMutedV1>) => p.muterId,
  },
  'user.unmuted': {
    owner: 'social',
    version: 1,
    schema: userUnmutedV1,
    key: (p: z.infer<typeof userUnmutedV1>) => p.muterId,
  },
  'user.suspended': {
    owner: 'social',
    version: 1,
    schema: userSuspendedV1,
    key: (p: z.infer<typeof userSuspendedV1>) => p.userId,
  },
  'user.unsuspended': {
    owner: 'social',
    version: 1,
    schema: userUnsuspendedV1,
    key: (p: z.infer<typeof userUnsuspendedV1>) => p.userId,
  },
  'post.hidden': {
    owner: 'social',
    version: 1,
    schema: postHiddenV1,
    key: (p: z.infer<typeof postHiddenV1>) => p.postId,
  },
  'comment.hidden': {
    owner: 'social',
    version: 1,
    schema: commentHiddenV1,
    key: (p: z.infer<typeof commentHiddenV1>) => p.commentId,
  },
  'report.resolved': {
    owner: 'social',
    version: 1,
    schema: reportResolvedV1,
    key: (p: z.infer<typeof reportResolvedV1>) => p.reporterId,
  },
  'invite.created': {
    owner: 'social',
    version: 1,
    schema: inviteCreatedV1,
    key: (p: z.infer<typeof inviteCreatedV1>) => p.inviterId,
  },
  'invite.shared': {
    owner: 'social',
    version: 1,
    schema: inviteSharedV1,
    key: (p: z.infer<typeof inviteSharedV1>) => p.inviterId,
  },
  'invite.accepted': {
    owner: 'social',
    version: 1,
    schema: inviteAcceptedV1,
    key: (p: z.infer<typeof inviteAcceptedV1>) => p.inviterId,
  },
  'post.created': {
    owner: 'posts',
    version: 1,
    schema: postCreatedV1,
    key: (p: z.infer<typeof postCreatedV1>) => p.postId,
  },
  'post.deleted': {
    owner: 'posts',
    version: 1,
    schema: postDeletedV1,
    key: (p: z.infer<typeof postDeletedV1>) => p.postId,
  },
  'post.liked': {
    owner: 'posts',
    version: 1,
    schema: postLikedV1,
    key: (p: z.infer<typeof postLikedV1>) => p.postId,
  },
  'post.unliked': {
    owner: 'posts',
    version: 1,
    schema: postUnlikedV1,
    key: (p: z.infer<typeof postUnlikedV1>) => p.postId,
  },
  'comment.created': {
    owner: 'posts',
    version: 1,
    schema: commentCreatedV1,
    key: (p: z.infer<typeof commentCreatedV1>) => p.postId,
  },
  'badge.earned': {
    owner: 'streaks',
    version: 1,
    schema: badgeEarnedV1,
    key: (p: z.infer<typeof badgeEarnedV1>) => p.userId,
  },
  'streak.at-risk': {
    owner: 'streaks',
    version: 1,
    schema: streakAtRiskV1,
    key: (p: z.infer<typeof streakAtRiskV1>) => p.userId,
  },
  'leaderboard.week-closed': {
    owner: 'streaks',
    version: 1,
    schema: leaderboardWeekClosedV1,
    key: (p: z.infer<typeof leaderboardWeekClosedV1>) => p.userId,
  },
  'notification.created': {
    owner: 'notifications',
    version: 1,
    schema: notificationCreatedV1,
    key: (p: z.infer<typeof notificationCreatedV1>) => p.userId,
  },
  'analytics.event-recorded': {
    owner: 'streaks',
    version: 1,
    schema: analyticsEventRecordedV1,
    key: (p: z.infer<typeof analyticsEventRecordedV1>) => p.memberId ?? p.batchId,
  },
  'media.uploaded': {
    owner: 'media',
    version: 1,
    schema: mediaUploadedV1,
    key: (p: z.infer<typeof mediaUploadedV1>) => p.ownerId,
  },
} as const;

export type EventType = keyof typeof eventCatalogue;

/** The service that owns (alone publishes) an event type. */
export const ownerOf = (type: EventType): string => eventCatalogue[type].owner;
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
