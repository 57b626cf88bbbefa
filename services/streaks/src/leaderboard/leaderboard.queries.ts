import type { CalendarDate, EventPayload } from '@daybreak/contracts';
import type { EntityManager } from 'typeorm';
import type { StreakIsland } from '../streaks/domain/streak-islands';
import { ISLAND_COLUMNS } from '../streaks/member-history.queries';

/** A member's recent own follows and unfollows, which their events may not have brought yet. */
export interface OwnFollowChanges {
  followed: string[];
  unfollowed: string[];
}

/** Whose board: the viewer, and their own recent changes to count over the read model. */
export type Board = { viewerId: string } & OwnFollowChanges;

/**
 * The viewer and everyone they follow, as a SQL set every query below starts from ($1 the viewer,
 * $2 and $3 their own recent follows and unfollows: applied over the read model, no-ops once the
 * events have arrived).
 */
const BOARD = `SELECT $1::uuid AS user_id
  UNION SELECT followee_id FROM follows WHERE follower_id = $1 AND followee_id <> ALL ($3::uuid[])
  UNION SELECT unnest($2::uuid[])`;

const boardParams = (board: Board) => [board.viewerId, board.followed, board.unfollowed];

/** A member on the viewer's board, with the zone that decides their days (null: none known). */
export interface BoardMemberRow {
  id: string;
  firstName: string | null;
  lastName: string | null;
  profileName: string | null;
  profileImageUrl: string | null;
  zone: string | null;
}

/** A day of the week with an early post, and whether one of them was at 5am. */
export interface BoardDayRow {
  id: string;
  day: CalendarDate;
  fiveAm: boolean;
}

/** A member's last island starting on or before their current period. */
export type BoardIslandRow = StreakIsland & { id: string };

/** The follow read model (`follows`), fed by social's follow events. */
export async function insertFollow(
  manager: EntityManager,
  { followerId, followeeId }: EventPayload<'user.followed'>,
): Promise<void> {
  await manager.query(
    `INSERT INTO follows (follower_id, followee_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
    [followerId, followeeId],
  );
}

export async function deleteFollow(
  manager: EntityManager,
  { followerId, followeeId }: EventPayload<'user.unfollowed'>,
): Promise<void> {
  await manager.query(`DELETE FROM follows WHERE follower_id = $1 AND followee_id = $2`, [
    followerId,
    followeeId,
  ]);
}

/** The viewer and the members they follow, with their names and zones. */
export function boardMembers(manager: EntityManager, board: Board): Promise<BoardMemberRow[]> {
  return manager.query<BoardMemberRow[]>(
    `SELECT b.user_id AS id, m.first_name AS "firstName", m.last_name AS "lastName",
            m.profile_name AS "profileName", m.profile_image_url AS "profileImageUrl",
            coalesce(m.timezone, latest.timezone) AS zone
     FROM (${BOARD}) b
     LEFT JOIN members m ON m.user_id = b.user_id
     LEFT JOIN LATERAL (
       SELECT timezone FROM early_posts e WHERE e.user_id = b.user_id ORDER BY posted_at DESC LIMIT 1
     ) latest ON true`,
    boardParams(board),
  );
}

/** The board's early days between `first` and `last` (local dates), one row per member and day. */
export function boardDays(
  manager: EntityManager,
  board: Board,
  first: CalendarDate,
  last: CalendarDate,
): Promise<BoardDayRow[]> {
  return manager.query<BoardDayRow[]>(
    `SELECT user_id AS id, to_char(local_day, 'YYYY-MM-DD') AS day, bool_or(classification = '5am') AS "fiveAm"
     FROM early_posts
     WHERE user_id IN (${BOARD}) AND local_day BETWEEN $4 AND $5
     GROUP BY user_id, local_day`,
    [...boardParams(board), first, last],
  );
}

/**
 * Each member's last island (streak_runs, kept by MemberHistory) starting on or before their current
 * period: one row each, whatever their history; their current streak follows from it.
 */
export async function latestIslands(
  manager: EntityManager,
  members: { id: string; period: CalendarDate }[],
): Promise<BoardIslandRow[]> {
  return manager.query<BoardIslandRow[]>(
    `SELECT c.user_id AS id, r.*
     FROM unnest($1::uuid[], $2::date[]) AS c (user_id, period)
     CROSS JOIN LATERAL (
       SELECT ${ISLAND_COLUMNS} FROM streak_runs
       WHERE user_id = c.user_id AND first_day <= c.period ORDER BY last_day DESC LIMIT 1
     ) r`,
    [members.map((member) => member.id), members.map((member) => member.period)],
  );
}
