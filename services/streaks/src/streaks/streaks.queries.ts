import type { CalendarDate } from '@daybreak/contracts';
import type { EntityManager } from 'typeorm';

/** A streak period with an early post, and whether one of them was at 5am. */
export interface EarlyDayRow {
  day: CalendarDate;
  fiveAm: boolean;
}

/**
 * Tombstones of deleted posts (`post_tombstones`): a post.deleted may be processed before its
 * post.created (different topics), and the tombstone makes the late create a no-op.
 */
export async function insertTombstone(manager: EntityManager, postId: string): Promise<void> {
  await manager.query(`INSERT INTO post_tombstones (post_id) VALUES ($1) ON CONFLICT DO NOTHING`, [postId]);
}

export async function hasTombstone(manager: EntityManager, postId: string): Promise<boolean> {
  const rows = await manager.query<unknown[]>(`SELECT 1 FROM post_tombstones WHERE post_id = $1`, [postId]);
  return rows.length > 0;
}

/** The member's streak periods from `first` to `last` with an early post (`early_posts`). */
export function earlyDaysBetween(
  manager: EntityManager,
  userId: string,
  first: CalendarDate,
  last: CalendarDate,
): Promise<EarlyDayRow[]> {
  return manager.query<EarlyDayRow[]>(
    `SELECT to_char(streak_day, 'YYYY-MM-DD') AS day, bool_or(classification = '5am') AS "fiveAm"
     FROM early_posts WHERE user_id = $1 AND streak_day BETWEEN $2 AND $3 GROUP BY streak_day`,
    [userId, first, last],
  );
}

/** The member's streak periods from `first` to `last` with any post (`post_days`). */
export async function postingDaysBetween(
  manager: EntityManager,
  userId: string,
  first: CalendarDate,
  last: CalendarDate,
): Promise<CalendarDate[]> {
  const rows = await manager.query<{ day: CalendarDate }[]>(
    `SELECT DISTINCT to_char(day, 'YYYY-MM-DD') AS day
     FROM post_days WHERE user_id = $1 AND day BETWEEN $2 AND $3`,
    [userId, first, last],
  );
  return rows.map((row) => row.day);
}

/** The distinct quarter hours the member posted early in (a few a morning, however many posts). */
export async function earlyQuarterHours(manager: EntityManager, userId: string): Promise<Date[]> {
  const rows = await manager.query<{ postedAt: Date }[]>(
    `SELECT DISTINCT date_bin('15 minutes', posted_at, TIMESTAMPTZ '2000-01-01Z') AS "postedAt"
     FROM early_posts WHERE user_id = $1`,
    [userId],
  );
  return rows.map((row) => row.postedAt);
}

/** How many early posts the member made at 5am and at 6am. */
export async function earlyPostCounts(
  manager: EntityManager,
  userId: string,
): Promise<{ fiveAm: number; sixAm: number }> {
  const [counts] = await manager.query<{ five: string; six: string }[]>(
    `SELECT count(*) FILTER (WHERE classification = '5am') AS five,
            count(*) FILTER (WHERE classification = '6am') AS six
     FROM early_posts WHERE user_id = $1`,
    [userId],
  );
  return { fiveAm: Number(counts.five), sixAm: Number(counts.six) };
}
