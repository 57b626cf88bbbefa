import type { BlockedMember } from '@daybreak/contracts';
import { insertedAny, rowsChanged } from '@daybreak/database';
import type { EntityManager } from 'typeorm';
import { type MemberRow, memberOf } from '../users/user-list.queries';

/**
 * Blocks (`blocks`) and mutes (`mutes`): the same shape, a pair of members per row. `Kind` names a
 * table and its two columns; they come from this file alone, never from a request. Each member's
 * count of changes is in `safety_versions`.
 */
export const SAFETY_TABLES = {
  block: { table: 'blocks', by: 'blocker_id', of: 'blocked_id' },
  mute: { table: 'mutes', by: 'muter_id', of: 'muted_id' },
} as const;
export type Kind = keyof typeof SAFETY_TABLES;

/** One member's block or mute of another. */
export interface Pair {
  kind: Kind;
  by: string;
  of: string;
}

/** True if the pair is new. */
export function insertPair(manager: EntityManager, pair: Pair): Promise<boolean> {
  const { table, by, of } = SAFETY_TABLES[pair.kind];
  return insertedAny(
    manager,
    `INSERT INTO ${table} (${by}, ${of}) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1`,
    [pair.by, pair.of],
  );
}

/** True if there was a pair to delete. */
export async function deletePair(manager: EntityManager, pair: Pair): Promise<boolean> {
  const { table, by, of } = SAFETY_TABLES[pair.kind];
  const deleted = await rowsChanged(manager, `DELETE FROM ${table} WHERE ${by} = $1 AND ${of} = $2`, [
    pair.by,
    pair.of,
  ]);
  return deleted === 1;
}

/**
 * The next version of `memberId`'s blocks and mutes (1 for their first change). The row stays
 * locked until the transaction ends, so a concurrent change of theirs gets the version after it.
 */
export async function nextSafetyVersion(manager: EntityManager, memberId: string): Promise<number> {
  const [row]: { version: number }[] = await manager.query(
    `INSERT INTO safety_versions (member_id, version) VALUES ($1, 1)
     ON CONFLICT (member_id) DO UPDATE SET version = safety_versions.version + 1
     RETURNING version`,
    [memberId],
  );
  return row.version;
}

/** The member's safety version now: the count of their changes (0 before any). */
export async function currentSafetyVersion(manager: EntityManager, memberId: string): Promise<number> {
  const [row]: { version: number }[] = await manager.query(
    `SELECT version FROM safety_versions WHERE member_id = $1`,
    [memberId],
  );
  return row?.version ?? 0;
}

/** The members `by` blocked or muted, newest first, as lists show them (never the e-mail). */
export async function listPairs(
  manager: EntityManager,
  kind: Kind,
  by: string,
  page: { limit: number; offset: number },
): Promise<BlockedMember[]> {
  const { table, by: byColumn, of: ofColumn } = SAFETY_TABLES[kind];
  const rows: MemberRow[] = await manager.query(
    `SELECT u.id, u.first_name, u.last_name, u.profile_name, u.profile_image_url
     FROM ${table} p JOIN users u ON u.id = p.${ofColumn}
     WHERE p.${byColumn} = $1
     ORDER BY p.created_at DESC, p.${ofColumn} DESC LIMIT $2 OFFSET $3`,
    [by, page.limit, page.offset],
  );
  return rows.map(memberOf);
}

/** True if either member blocks the other. */
export async function blockBetween(manager: EntityManager, a: string, b: string): Promise<boolean> {
  const rows: unknown[] = await manager.query(
    `SELECT 1 FROM blocks WHERE (blocker_id = $1 AND blocked_id = $2) OR (blocker_id = $2 AND blocked_id = $1)`,
    [a, b],
  );
  return rows.length > 0;
}

/**
 * Ends the follows between two members, both ways, and moves both members' counters by exactly the
 * rows deleted, in one statement. Answers the follows that ended (each gets its `user.unfollowed`).
 * The caller holds both members' rows locked, as a follow does.
 */
export async function endFollowsBetween(
  manager: EntityManager,
  a: string,
  b: string,
): Promise<{ followerId: string; followeeId: string }[]> {
  const rows: { follower_id: string; followee_id: string }[] = await manager.query(
    `WITH ended AS (
       DELETE FROM follows
       WHERE (follower_id = $1 AND followee_id = $2) OR (follower_id = $2 AND followee_id = $1)
       RETURNING follower_id, followee_id
     ), counted AS (
       UPDATE users u SET
         following_count = following_count - (SELECT count(*) FROM ended WHERE follower_id = u.id)::int,
         followers_count = followers_count - (SELECT count(*) FROM ended WHERE followee_id = u.id)::int
       WHERE u.id IN ($1, $2) AND EXISTS (SELECT 1 FROM ended)
     )
     SELECT follower_id, followee_id FROM ended ORDER BY follower_id`,
    [a, b],
  );
  return rows.map((row) => ({ followerId: row.follower_id, followeeId: row.followee_id }));
}
