import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Badge, BadgeSummary } from '@daybreak/contracts';
import type { Transaction } from '@daybreak/messaging';
import { DataSource, EntityManager } from 'typeorm';
import { MemberHistory, lockMemberHistory } from '../streaks/member-history';
import {
  BadgeCounters,
  BadgeDefinition,
  BadgeEvaluation,
  evaluateBadges,
  toBadge,
  toSummary,
} from './domain/badge-rules';
import {
  badgeCatalogue,
  badgeIdsEarnedWith,
  earnedBadges,
  earnedRows,
  insertInviteAccepted,
  insertInviteSent,
  insertMemberBadges,
} from './badges.queries';

/** What a create-post answer shows: badges earned with the post, and the next targets. */
export interface PostBadges {
  newBadges: BadgeSummary[];
  nextEligibleBadges: BadgeSummary[];
}

@Injectable()
export class BadgesService {
  /** The catalogue changes only by migration, so a process reads it once. */
  private catalogueCache?: Promise<BadgeDefinition[]>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly history: MemberHistory,
  ) {}

  catalogue(): Promise<BadgeDefinition[]> {
    this.catalogueCache ??= badgeCatalogue(this.dataSource.manager).catch((error: unknown) => {
      this.catalogueCache = undefined;
      throw error;
    });
    return this.catalogueCache;
  }

  /**
   * Brings the member's aggregates up to date with what the caller changed in `tx`, then awards what
   * their counters now reach, inside the caller's transaction, and queues badge.earned for each.
   * Serialised per member (an advisory lock), so two of their posts processed at once cannot both
   * miss a threshold. A badge inserted by a concurrent call is not announced twice.
   */
  async award(
    tx: Transaction,
    userId: string,
    cause: { postId: string | null; at: Date },
  ): Promise<BadgeEvaluation> {
    await this.history.refresh(tx, userId);
    const evaluation = await this.evaluate(tx.manager, userId);
    if (evaluation.newlyEarned.length === 0) return evaluation;
    const inserted = await insertMemberBadges(tx.manager, {
      userId,
      badgeIds: evaluation.newlyEarned.map((badge) => badge.id),
      postId: cause.postId,
      at: cause.at,
    });
    const names = new Map(evaluation.newlyEarned.map((badge) => [badge.id, badge.name]));
    for (const badgeId of inserted) {
      const badgeName = names.get(badgeId) ?? badgeId;
      // Earned when its cause happened: a backlog's badge notification shows the morning of the post.
      tx.publish(
        'badge.earned',
        { userId, badgeId, badgeName, postId: cause.postId },
        { actorId: userId, occurredAt: cause.at },
      );
    }
    return evaluation;
  }

  /**
   * Serialises the member's badge work until `tx` ends. Taken again by the same transaction, it is
   * already held (advisory locks are re-entrant): a caller that writes the member's rows first (a
   * post's record) takes it before them, so two transactions can't each hold what the other waits for.
   */
  lockMember(tx: Transaction, userId: string): Promise<void> {
    return lockMemberHistory(tx, userId);
  }

  /** Where the member stands now, without awarding anything. */
  async evaluate(manager: EntityManager, userId: string): Promise<BadgeEvaluation> {
    // One after another: inside a transaction they share one connection.
    const catalogue = await this.catalogue();
    const counters = await this.counters(manager, userId);
    const earned = await earnedRows(manager, userId);
    return evaluateBadges(counters, catalogue, new Set(earned.map((row) => row.badgeId)));
  }

  /** The create-post answer for a post: the badges earned with it, and the next targets. */
  async postBadges(manager: EntityManager, postId: string, evaluation: BadgeEvaluation): Promise<PostBadges> {
    const withPost = new Set(await badgeIdsEarnedWith(manager, postId));
    return {
      newBadges: evaluation.progress
        .filter((badge) => withPost.has(badge.id))
        .map((badge) => toSummary(badge, badge.target, badge.target)),
      nextEligibleBadges: evaluation.nextEligible.map((badge) =>
        toSummary(badge, badge.progress, badge.target),
      ),
    };
  }

  /** The catalogue with one member's standing on each badge (zeros for a guest). */
  async catalogueFor(userId: string | null): Promise<Badge[]> {
    if (!userId) {
      const catalogue = await this.catalogue();
      return catalogue.map((badge) =>
        toBadge(badge, { earnedAt: null, progress: 0, target: badge.requirement }),
      );
    }
    const evaluation = await this.evaluate(this.dataSource.manager, userId);
    const earned = await earnedRows(this.dataSource.manager, userId);
    const earnedAt = new Map(earned.map((row) => [row.badgeId, row.earnedAt]));
    return evaluation.progress.map((badge) =>
      toBadge(badge, {
        earnedAt: earnedAt.get(badge.id) ?? null,
        // A held badge shows a full bar even if a deleted post took its counter back down.
        progress: earnedAt.has(badge.id) ? badge.target : badge.progress,
        target: badge.target,
      }),
    );
  }

  /** The member's earned badges, in the order earned. */
  earnedBy(userId: string): Promise<Badge[]> {
    return this.earned({ userId });
  }

  /** The badges earned with one post. */
  earnedWith(postId: string): Promise<Badge[]> {
    return this.earned({ postId });
  }

  private async earned(by: { userId: string } | { postId: string }): Promise<Badge[]> {
    const rows = await earnedBadges(this.dataSource.manager, by);
    return rows.map((row) =>
      toBadge(row, { earnedAt: row.earnedAt, progress: row.requirement, target: row.requirement }),
    );
  }

  /** An invite link the member shared (invite.shared), counted once per link toward their invite badges. */
  async inviteSent(
    tx: Transaction,
    invite: { inviteCode: string; inviterId: string },
    at: Date,
  ): Promise<void> {
    await insertInviteSent(tx.manager, invite);
    await this.award(tx, invite.inviterId, { postId: null, at });
  }

  /** A friend who joined with one of the member's links (invite.accepted), once per friend. */
  async inviteAccepted(
    tx: Transaction,
    invite: { inviterId: string; inviteeId: string },
    at: Date,
  ): Promise<void> {
    await insertInviteAccepted(tx.manager, invite);
    await this.award(tx, invite.inviterId, { postId: null, at });
  }

  /**
   * The member's counters, from their aggregates (MemberHistory): posts and days from their early
   * posts (a day counts once, as 5am if any 5am post that day, else 6am), their longest streak, and
   * their invites.
   */
  async counters(manager: EntityManager, userId: string): Promise<BadgeCounters> {
    const totals = await this.history.totals(manager, userId);
    return {
      '5am_posts': totals.fiveAmPosts,
      '6am_posts': totals.sixAmPosts,
      '5am_days': totals.fiveAmDays,
      '6am_days': totals.earlyDays - totals.fiveAmDays,
      streak: totals.longestStreak,
      invites_sent: totals.invitesSent,
      successful_invites: totals.invitesAccepted,
    };
  }
}
