import { NamedStatement, queryNamed } from '@daybreak/database';
import type { EntityManager } from 'typeorm';

/**
 * The `unread_counters` table: each member's unread count, with a version that goes up on every
 * change (see UnreadCounter).
 */

/** A member's count as of one committed change in Postgres. */
export interface UnreadSnapshot {
  userId: string;
  unread: number;
  version: string;
}

const SNAPSHOT_COLUMNS = `user_id::text AS "userId", unread, version::text AS version`;
/** TypeORM answers a bare UPDATE … RETURNING with [rows, count]; a SELECT over it gives the rows. */
const SELECT_SNAPSHOT = `SELECT ${SNAPSHOT_COLUMNS}`;

/** One more unread for each time a member is named; one row (and one version) per member. */
const ADD_UNREAD: NamedStatement = {
  name: 'unread_add',
  text: `INSERT INTO unread_counters (user_id, unread, version)
         SELECT user_id, count(*), 1 FROM unnest($1::uuid[]) AS ids (user_id) GROUP BY user_id ORDER BY user_id
         ON CONFLICT (user_id) DO UPDATE
           SET unread = unread_counters.unread + excluded.unread, version = unread_counters.version + 1,
               updated_at = now()
         RETURNING ${SNAPSHOT_COLUMNS}`,
};

export function addUnread(manager: EntityManager, userIds: readonly string[]): Promise<UnreadSnapshot[]> {
  return queryNamed<UnreadSnapshot>(manager, ADD_UNREAD, [userIds]);
}

/** Takes `n` from each member's count (never below 0). */
export function removeUnread(
  manager: EntityManager,
  unreadGone: ReadonlyMap<string, number>,
): Promise<UnreadSnapshot[]> {
  return manager.query<UnreadSnapshot[]>(
    `WITH changed AS (
       UPDATE unread_counters c
       SET unread = greatest(c.unread - gone.n, 0), version = c.version + 1, updated_at = now()
       FROM unnest($1::uuid[], $2::int[]) AS gone (user_id, n)
       WHERE c.user_id = gone.user_id
       RETURNING c.user_id, c.unread, c.version
     )
     ${SELECT_SNAPSHOT} FROM changed`,
    [[...unreadGone.keys()], [...unreadGone.values()]],
  );
}

export function zeroUnread(manager: EntityManager, userId: string): Promise<UnreadSnapshot[]> {
  return manager.query<UnreadSnapshot[]>(
    `WITH changed AS (
       UPDATE unread_counters SET unread = 0, version = version + 1, updated_at = now()
       WHERE user_id = $1 RETURNING user_id, unread, version
     )
     ${SELECT_SNAPSHOT} FROM changed`,
    [userId],
  );
}

/** Creates the members' counters that don't exist yet, then locks them all, in id order. */
export async function lockCounters(manager: EntityManager, userIds: readonly string[]): Promise<void> {
  await manager.query(
    `INSERT INTO unread_counters (user_id, unread, version)
     SELECT user_id, 0, 0 FROM unnest($1::uuid[]) AS ids (user_id) ORDER BY user_id
     ON CONFLICT (user_id) DO NOTHING`,
    [userIds],
  );
  await manager.query(
    `SELECT 1 FROM unread_counters WHERE user_id = ANY($1::uuid[]) ORDER BY user_id FOR UPDATE`,
    [userIds],
  );
}

/** The member's counter, or undefined when nothing of theirs was ever counted. */
export async function counterOf(manager: EntityManager, userId: string): Promise<UnreadSnapshot | undefined> {
  const [snapshot] = await manager.query<UnreadSnapshot[]>(
    `${SELECT_SNAPSHOT} FROM unread_counters WHERE user_id = $1`,
    [userId],
  );
  return snapshot;
}

/** A page of the counters changed after `after` (by time, then member), oldest first. */
export function countersChangedAfter(
  manager: EntityManager,
  after: { updatedAt: string; userId: string },
  limit: number,
): Promise<(UnreadSnapshot & { updatedAt: string })[]> {
  return manager.query(
    `SELECT ${SNAPSHOT_COLUMNS}, updated_at::text AS "updatedAt"
     FROM unread_counters
     WHERE (updated_at, user_id::text) > ($1::timestamptz, $2)
     ORDER BY updated_at, user_id::text LIMIT $3`,
    [after.updatedAt, after.userId, limit],
  );
}

/** A member who left (issue 42): their counter goes. */
export async function deleteCounter(manager: EntityManager, userId: string): Promise<void> {
  await manager.query(`DELETE FROM unread_counters WHERE user_id = $1`, [userId]);
}
