import { Injectable } from '@nestjs/common';
import type { CalendarDate } from '@daybreak/contracts';
import type { Transaction } from '@daybreak/messaging';
import type { EntityManager } from 'typeorm';

/** A member's totals over their whole history, as `member_stats` keeps them. */
export interface MemberTotals {
  fiveAmPosts: number;
  sixAmPosts: number;
  /** Days with an early post (local dates), and those with a 5am one. */
  earlyDays: number;
  fiveAmDays: number;
  longestStreak: number;
  invitesSent: number;
  invitesAccepted: number;
}

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
  await tx.manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`badges:${userId}`]);
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
    // Runs of consecutive streak periods: consecutive days share (day − row number).
    await tx.manager.query(`DELETE FROM streak_runs WHERE user_id = $1`, [userId]);
    await tx.manager.query(
      `INSERT INTO streak_runs (user_id, first_day, last_day)
       SELECT $1, min(streak_day), max(streak_day)
       FROM (SELECT streak_day, streak_day - (row_number() OVER (ORDER BY streak_day))::int AS island
             FROM (SELECT DISTINCT streak_day FROM early_posts WHERE user_id = $1) days) islands
       GROUP BY island`,
      [userId],
    );
    await tx.manager.query(
      `INSERT INTO member_stats AS s (user_id, five_am_posts, six_am_posts, five_am_days, early_days,
                                      longest_streak, invites_sent, invites_accepted)
       SELECT $1,
              count(*) FILTER (WHERE classification = '5am'),
              count(*) FILTER (WHERE classification = '6am'),
              count(DISTINCT local_day) FILTER (WHERE classification = '5am'),
              count(DISTINCT local_day),
              (SELECT coalesce(max(last_day - first_day + 1), 0) FROM streak_runs WHERE user_id = $1),
              (SELECT count(*) FROM invites_sent WHERE inviter_id = $1),
              (SELECT count(*) FROM invites_accepted WHERE inviter_id = $1)
       FROM early_posts WHERE user_id = $1
       ON CONFLICT (user_id) DO UPDATE SET
         five_am_posts = excluded.five_am_posts, six_am_posts = excluded.six_am_posts,
         five_am_days = excluded.five_am_days, early_days = excluded.early_days,
         longest_streak = excluded.longest_streak, invites_sent = excluded.invites_sent,
         invites_accepted = excluded.invites_accepted`,
      [userId],
    );
  }

  /** The member's totals: one row (zeros for a member with no history). */
  async totals(manager: EntityManager, userId: string): Promise<MemberTotals> {
    const [row] = await manager.query<MemberTotals[]>(
      `SELECT five_am_posts AS "fiveAmPosts", six_am_posts AS "sixAmPosts", early_days AS "earlyDays",
              five_am_days AS "fiveAmDays", longest_streak AS "longestStreak",
              invites_sent AS "invitesSent", invites_accepted AS "invitesAccepted"
       FROM member_stats WHERE user_id = $1`,
      [userId],
    );
    return row ?? NO_HISTORY;
  }

  /**
   * The current streak at `currentPeriod`: the run of consecutive periods holding that period, or
   * else the one before it (this morning's post still counts until tomorrow's window closes),
   * counted up to `currentPeriod`. Reads the one run that can hold them.
   */
  async currentStreak(manager: EntityManager, userId: string, currentPeriod: CalendarDate): Promise<number> {
    const [row] = await manager.query<{ length: number }[]>(
      `SELECT least(last_day, $2::date) - first_day + 1 AS length
       FROM streak_runs WHERE user_id = $1 AND last_day >= $2::date - 1 AND first_day <= $2::date`,
      [userId, currentPeriod],
    );
    return row?.length ?? 0;
  }
}
