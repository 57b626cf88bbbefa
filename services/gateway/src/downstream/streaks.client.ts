import { Inject, Injectable } from '@nestjs/common';
import type {
  AnalyticsClientEvent,
  Badge,
  BadgeSummary,
  EventPayload,
  LeaderboardEntry,
  Statistics,
  StreakTestPost,
  StreakTestResult,
} from '@daybreak/contracts';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';
import type { OwnFollowChanges } from '../leaderboard/own-follows';
import { serviceClientFor } from './service-client-for';
import { downstreamPath } from './downstream-path';
import { ServiceClient } from './service-client';

/** The badges a create-post answer shows. */
export interface PostBadges {
  newBadges: BadgeSummary[];
  nextEligibleBadges: BadgeSummary[];
}

/** The streak test as streaks answers it: without the posts' text, which the posts service owns. */
export type StreakTestWithoutContent = Omit<StreakTestResult, 'earlyPosts'> & {
  earlyPosts: Omit<StreakTestPost, 'content'>[];
};

@Injectable()
export class StreaksClient {
  private readonly client: ServiceClient;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.client = serviceClientFor(config, 'streaks');
  }

  statistics(viewerId: string | null, userId: string): Promise<Statistics> {
    return this.client.call(downstreamPath`/users/${userId}/stats`, { viewer: { userId: viewerId } });
  }

  /** Records a just-stored post and answers the badges earned with it (idempotent by post id). */
  evaluate(viewerId: string, post: EventPayload<'post.created'>): Promise<PostBadges> {
    return this.client.call(downstreamPath`/evaluations`, {
      viewer: { userId: viewerId },
      method: 'POST',
      body: post,
    });
  }

  /** Product analytics (ADR 0033): streaks publishes them and keeps the daily aggregates. */
  recordAnalytics(viewerId: string | null, events: AnalyticsClientEvent[], receivedAt: Date): Promise<void> {
    return this.client.call(downstreamPath`/analytics/events`, {
      viewer: { userId: viewerId },
      method: 'POST',
      body: { events, receivedAt: receivedAt.toISOString() },
    });
  }

  /** Every badge, with the standing of `userId` (else the viewer's). */
  catalogue(viewerId: string | null, userId?: string): Promise<Badge[]> {
    return this.client.call(downstreamPath`/badges`, { viewer: { userId: viewerId }, query: { userId } });
  }

  earnedBy(viewerId: string | null, userId: string): Promise<Badge[]> {
    return this.client.call(downstreamPath`/users/${userId}/badges`, { viewer: { userId: viewerId } });
  }

  earnedWith(viewerId: string | null, postId: string): Promise<Badge[]> {
    return this.client.call(downstreamPath`/posts/${postId}/badges`, { viewer: { userId: viewerId } });
  }

  /** `own`: the viewer's recent follows and unfollows, which streaks applies over its read model. */
  weeklyLeaderboard(viewerId: string, own: OwnFollowChanges): Promise<LeaderboardEntry[]> {
    return this.client.call(downstreamPath`/leaderboard/weekly`, {
      viewer: { userId: viewerId },
      query: {
        followed: own.followed.join(',') || undefined,
        unfollowed: own.unfollowed.join(',') || undefined,
      },
    });
  }

  streakTest(
    viewerId: string,
    userId: string,
    timezone: string | undefined,
  ): Promise<StreakTestWithoutContent> {
    return this.client.call(downstreamPath`/users/${userId}/streak-test`, {
      viewer: { userId: viewerId },
      query: { timezone },
    });
  }
}
