import type { CalendarDate } from '@daybreak/contracts';
import type { EntityManager } from 'typeorm';
import type { StreakIsland } from './domain/streak-islands';
import { MAX_FREEZES_HELD } from './domain/streak-freeze';

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

/** The member's streak periods with an early post, oldest first. */
export async function streakDaysOf(manager: EntityManager, userId: string): Promise<CalendarDate[]> {
  const rows = await manager.query<{ day: CalendarDate }[]>(
    `SELECT DISTINCT to_char(streak_day, 'YYYY-MM-DD') AS day FROM early_posts WHERE user_id = $1 ORDER BY day`,
    [userId],
  );
  return rows.map((row) => row.day);
}

/** Replaces the member's `streak_runs` with `islands`. */
export async function replaceStreakRuns(
  manager: EntityManager,
  userId: string,
  islands: StreakIsland[],
): Promise<void> {
  await manager.query(`DELETE FROM streak_runs WHERE user_id = $1`, [userId]);
  if (islands.length === 0) return;
  await manager.query(
    `INSERT INTO streak_runs (user_id, first_day, last_day, days_before, held_before, frozen_after)
     SELECT $1, * FROM unnest($2::date[], $3::date[], $4::int[], $5::int[], $6::int[])`,
    [
      userId,
      islands.map((island) => island.firstDay),
      islands.map((island) => island.lastDay),
      islands.map((island) => island.daysBefore),
      islands.map((island) => island.heldBefore),
      islands.map((island) => island.frozenAfter),
    ],
  );
}

/**
 * Recomputes the member's `member_stats` from their rows and their `streak_runs` (the longest streak:
 * the most streak days any island closes a streak with, frozen periods not counted).
 */
export async function recomputeMemberStats(manager: EntityManager, userId: string): Promise<void> {
  await manager.query(
    `INSERT INTO member_stats AS s (user_id, five_am_posts, six_am_posts, five_am_days, early_days,
                                    longest_streak, invites_sent, invites_accepted)
     SELECT $1,
            count(*) FILTER (WHERE classification = '5am'),
            count(*) FILTER (WHERE classification = '6am'),
            count(DISTINCT local_day) FILTER (WHERE classification = '5am'),
            count(DISTINCT local_day),
            (SELECT coalesce(max(days_before + last_day - first_day + 1), 0) FROM streak_runs WHERE user_id = $1),
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

/** An island as `streak_runs` keeps it (its columns, in the domain's names). */
export const ISLAND_COLUMNS = `to_char(first_day, 'YYYY-MM-DD') AS "firstDay", to_char(last_day, 'YYYY-MM-DD') AS "lastDay",
  days_before AS "daysBefore", held_before AS "heldBefore", frozen_after AS "frozenAfter"`;

/** The member's last island starting on or before `period` (islands never overlap: by last day). */
export async function latestIsland(
  manager: EntityManager,
  userId: string,
  period: CalendarDate,
): Promise<StreakIsland | null> {
  const [row] = await manager.query<StreakIsland[]>(
    `SELECT ${ISLAND_COLUMNS} FROM streak_runs
     WHERE user_id = $1 AND first_day <= $2 ORDER BY last_day DESC LIMIT 1`,
    [userId, period],
  );
  return row ?? null;
}

/**
 * The member's islands that may have frozen periods from `first` to `last`: starting by `last`, ending
 * at most 2 periods (the freezes one can hold) before `first`. A window's worth, whatever the history.
 */
export function islandsAround(
  manager: EntityManager,
  userId: string,
  first: CalendarDate,
  last: CalendarDate,
): Promise<StreakIsland[]> {
  return manager.query<StreakIsland[]>(
    `SELECT ${ISLAND_COLUMNS} FROM streak_runs
     WHERE user_id = $1 AND last_day >= $2::date - ${MAX_FREEZES_HELD} AND first_day <= $3`,
    [userId, first, last],
  );
}
