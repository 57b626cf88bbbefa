import type { CalendarDate } from '@daybreak/contracts';
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

/** The member's advisory lock, held until the transaction ends (re-entrant within it). */
export async function lockMember(manager: EntityManager, userId: string): Promise<void> {
  await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`badges:${userId}`]);
}

/**
 * Recomputes the member's aggregates (`streak_runs`, `member_stats`) from their rows. Runs of
 * consecutive streak periods: consecutive days share (day − row number).
 */
export async function recomputeAggregates(manager: EntityManager, userId: string): Promise<void> {
  await manager.query(`DELETE FROM streak_runs WHERE user_id = $1`, [userId]);
  await manager.query(
    `INSERT INTO streak_runs (user_id, first_day, last_day)
     SELECT $1, min(streak_day), max(streak_day)
     FROM (SELECT streak_day, streak_day - (row_number() OVER (ORDER BY streak_day))::int AS island
           FROM (SELECT DISTINCT streak_day FROM early_posts WHERE user_id = $1) days) islands
     GROUP BY island`,
    [userId],
  );
  await manager.query(
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
  // A member with no history keeps no row (their totals read as zeros): so a post.deleted that
  // reaches streaks after the author's user.deleted (another topic) leaves nothing of them (issue 42).
  await manager.query(
    `DELETE FROM member_stats
     WHERE user_id = $1 AND five_am_posts = 0 AND six_am_posts = 0 AND five_am_days = 0
       AND early_days = 0 AND longest_streak = 0 AND invites_sent = 0 AND invites_accepted = 0`,
    [userId],
  );
}

/** The member's totals; undefined for a member with no history. */
export async function memberTotals(
  manager: EntityManager,
  userId: string,
): Promise<MemberTotals | undefined> {
  const [row] = await manager.query<MemberTotals[]>(
    `SELECT five_am_posts AS "fiveAmPosts", six_am_posts AS "sixAmPosts", early_days AS "earlyDays",
            five_am_days AS "fiveAmDays", longest_streak AS "longestStreak",
            invites_sent AS "invitesSent", invites_accepted AS "invitesAccepted"
     FROM member_stats WHERE user_id = $1`,
    [userId],
  );
  return row;
}

/**
 * The length at `currentPeriod` of the run holding that period or the one before, counted up to
 * `currentPeriod`; undefined when there is none.
 */
export async function currentRunLength(
  manager: EntityManager,
  userId: string,
  currentPeriod: CalendarDate,
): Promise<number | undefined> {
  const [row] = await manager.query<{ length: number }[]>(
    `SELECT least(last_day, $2::date) - first_day + 1 AS length
     FROM streak_runs WHERE user_id = $1 AND last_day >= $2::date - 1 AND first_day <= $2::date`,
    [userId, currentPeriod],
  );
  return row?.length;
}
