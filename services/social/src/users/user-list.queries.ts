import type { UserListItem, UserSummary } from '@daybreak/contracts';
import type { EntityManager } from 'typeorm';

/** The columns of `users` a list shows of a member (never the e-mail). */
export interface MemberRow {
  id: string;
  first_name: string | null;
  last_name: string | null;
  profile_name: string | null;
  profile_image_url: string | null;
}

/** A member as lists show them, from their row. */
export const memberOf = (row: MemberRow): UserSummary => ({
  id: row.id,
  firstName: row.first_name,
  lastName: row.last_name,
  profileName: row.profile_name,
  profileImageUrl: row.profile_image_url,
});

interface ListRow extends MemberRow {
  is_following: boolean;
}

/** A page of a list: how many, from where. */
export interface Page {
  limit: number;
  offset: number;
}

/**
 * What people search matches: the profile name, then "first last" (never the e-mail). The same
 * expression as `users_name_search_idx` (a trigram GIN index), so the planner can use it.
 */
export const NAME_SEARCH_TEXT = `(coalesce(u.profile_name, '') || E'\\n' || coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, ''))`;

/**
 * Issue 42: a block hides the two members from each other in every list, whoever blocked. Two
 * anti-joins, one per direction, so each is a lookup on its own index (the primary key and
 * `blocks_blocked_idx`). A guest (`$1` null) matches no row and sees everyone. Part of the WHERE,
 * so LIMIT and OFFSET count only the members shown.
 */
const OUTSIDE_VIEWERS_BLOCKS = `NOT EXISTS (SELECT 1 FROM blocks by_viewer WHERE by_viewer.blocker_id = $1 AND by_viewer.blocked_id = u.id)
       AND NOT EXISTS (SELECT 1 FROM blocks of_viewer WHERE of_viewer.blocker_id = u.id AND of_viewer.blocked_id = $1)`;

/** FIND PEOPLE: the newest members first, without the viewer or anyone in a block with them. */
export function newestMembers(
  manager: EntityManager,
  viewerId: string,
  limit: number,
): Promise<UserListItem[]> {
  return listUsers(
    manager,
    viewerId,
    `FROM users u WHERE u.id <> $1 AND ${OUTSIDE_VIEWERS_BLOCKS} ORDER BY u.created_at DESC, u.id DESC LIMIT $2`,
    [limit],
  );
}

/** Members whose names match `pattern` (ILIKE), without the viewer or anyone in a block with them. */
export function membersMatching(
  manager: EntityManager,
  viewerId: string,
  pattern: string,
  limit: number,
): Promise<UserListItem[]> {
  return listUsers(
    manager,
    viewerId,
    `FROM users u
     WHERE ${NAME_SEARCH_TEXT} ILIKE $2
       AND u.id <> $1
       AND ${OUTSIDE_VIEWERS_BLOCKS}
     ORDER BY u.profile_name NULLS LAST, u.first_name, u.last_name, u.id
     LIMIT $3`,
    [pattern, limit],
  );
}

/**
 * The member's followers, or whom they follow: the latest follow first. `side` picks the column
 * that lists the members; the other one holds `userId`. A signed-in viewer never sees a member in
 * a block with them.
 */
export function followList(
  manager: EntityManager,
  viewerId: string | null,
  { userId, side }: { userId: string; side: 'followers' | 'following' },
  page: Page,
): Promise<UserListItem[]> {
  const [listed, about] =
    side === 'followers' ? ['follower_id', 'followee_id'] : ['followee_id', 'follower_id'];
  return listUsers(
    manager,
    viewerId,
    `FROM follows f JOIN users u ON u.id = f.${listed}
     WHERE f.${about} = $2 AND ${OUTSIDE_VIEWERS_BLOCKS}
     ORDER BY f.created_at DESC, f.${listed} DESC LIMIT $3 OFFSET $4`,
    [userId, page.limit, page.offset],
  );
}

/**
 * Members as lists show them (find people, search, followers, following), each with whether the
 * viewer follows them, in one query whatever the page size. Never the e-mail: lists are seen by
 * other members. `from` is the rest of the query after SELECT; it names the members `u` and may use
 * `$1` (the viewer, or null) and parameters from `$2` on.
 */
async function listUsers(
  manager: EntityManager,
  viewerId: string | null,
  from: string,
  params: unknown[],
): Promise<UserListItem[]> {
  const rows: ListRow[] = await manager.query(
    `SELECT u.id, u.first_name, u.last_name, u.profile_name, u.profile_image_url,
       EXISTS (SELECT 1 FROM follows mine WHERE mine.follower_id = $1 AND mine.followee_id = u.id)
         AS is_following
     ${from}`,
    [viewerId, ...params],
  );
  return rows.map((row) => ({ ...memberOf(row), isFollowing: row.is_following }));
}
