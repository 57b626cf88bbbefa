import { Injectable } from '@nestjs/common';
import type { CalendarDate } from '@daybreak/contracts';
import type { Transaction } from '@daybreak/messaging';
import type { EntityManager } from 'typeorm';
import {
  MemberTotals,
  currentRunLength,
  lockMember,
  memberTotals,
  recomputeAggregates,
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
 * badges a profile shows read a row or two, not every early post the member ever made. Kept by the
 * handlers that change the history (a post recorded or forgotten, an invite), inside their
 * transaction and under the member's lock: a write recomputes the member's aggregates from their
 * rows (a member writes a post a day; their profile is read far more often).
 */
@Injectable()
export class MemberHistory {
  /** Recomputes the member's aggregates from their rows, after the caller changed them in `tx`. */
  async refresh(tx: Transaction, userId: string): Promise<void> {
    await lockMemberHistory(tx, userId);
    await recomputeAggregates(tx.manager, userId);
  }

  /** The member's totals: one row (zeros for a member with no history). */
  async totals(manager: EntityManager, userId: string): Promise<MemberTotals> {
    return (await memberTotals(manager, userId)) ?? NO_HISTORY;
  }

  /**
   * The current streak at `currentPeriod`: the run of consecutive periods holding that period, or
   * else the one before it (this morning's post still counts until tomorrow's window closes),
   * counted up to `currentPeriod`. Reads the one run that can hold them.
   */
  async currentStreak(manager: EntityManager, userId: string, currentPeriod: CalendarDate): Promise<number> {
    return (await currentRunLength(manager, userId, currentPeriod)) ?? 0;
  }
}
