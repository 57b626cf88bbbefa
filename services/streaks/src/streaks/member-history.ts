import { Injectable } from '@nestjs/common';
import type { CalendarDate } from '@daybreak/contracts';
import type { Transaction } from '@daybreak/messaging';
import type { EntityManager } from 'typeorm';
import { StreakAtPeriod, frozenDaysBetween, streakAtPeriod, streakIslands } from './domain/streak-islands';
import {
  MemberTotals,
  islandsAround,
  latestIsland,
  lockMember,
  memberTotals,
  recomputeMemberStats,
  replaceStreakRuns,
  streakDaysOf,
} from './member-history.queries';

export type { MemberTotals } from './member-history.queries';

const NO_HISTORY: MemberTotals = {
  fiveAmPosts: 0,
  sixAmPosts: 0,
  earlyDays: 0,
  fiveAmDays: 0,
  longestStreak: 0,
  invitesSent: 0,
  invitesAccepted: 0,
};

/**
 * Serialises the work on one member's history until `tx` ends: their rows, their aggregates and their
 * badges. Re-entrant within a transaction (an advisory lock), so every step of a handler may take it.
 */
export async function lockMemberHistory(tx: Transaction, userId: string): Promise<void> {
  await lockMember(tx.manager, userId);
}

/**
 * Aggregates of each member's history (`member_stats`, `streak_runs`), so that the statistics and
 * badges a profile shows read a row or two, not every early post the member ever made. `streak_runs`
 * holds the islands of consecutive active periods with their streak's state on arrival (freezes
 * held, streak days so far: domain/streak-islands.ts), so the streak and its frozen periods at any
 * period come from the island that period is in or follows. Kept by the
 * handlers that change the history (a post recorded or forgotten, an invite), inside their
 * transaction and under the member's lock: a write recomputes the member's aggregates from their
 * rows (a member writes a post a day; their profile is read far more often).
 */
@Injectable()
export class MemberHistory {
  /** Recomputes the member's aggregates from their rows, after the caller changed them in `tx`. */
  async refresh(tx: Transaction, userId: string): Promise<void> {
    await lockMemberHistory(tx, userId);
    const islands = streakIslands(await streakDaysOf(tx.manager, userId));
    await replaceStreakRuns(tx.manager, userId, islands);
    await recomputeMemberStats(tx.manager, userId);
  }

  /** The member's totals: one row (zeros for a member with no history). */
  async totals(manager: EntityManager, userId: string): Promise<MemberTotals> {
    return (await memberTotals(manager, userId)) ?? NO_HISTORY;
  }

  /**
   * The streak at `currentPeriod` (its length and the freezes held): from the one island that period
   * is in or follows. This morning's post still counts until tomorrow's window closes.
   */
  async streakAt(
    manager: EntityManager,
    userId: string,
    currentPeriod: CalendarDate,
  ): Promise<StreakAtPeriod> {
    return streakAtPeriod(await latestIsland(manager, userId, currentPeriod), currentPeriod);
  }

  /** The streak at `currentPeriod` and its frozen periods from `first` on: the window's islands. */
  async streakWithFrozenDays(
    manager: EntityManager,
    userId: string,
    first: CalendarDate,
    currentPeriod: CalendarDate,
  ): Promise<{ streak: StreakAtPeriod; frozenDays: CalendarDate[] }> {
    const [overlapping, latest] = await Promise.all([
      islandsAround(manager, userId, first, currentPeriod),
      latestIsland(manager, userId, currentPeriod),
    ]);
    return {
      streak: streakAtPeriod(latest, currentPeriod),
      frozenDays: frozenDaysBetween(overlapping, latest, first, currentPeriod),
    };
  }
}
