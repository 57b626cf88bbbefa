import { insertedAny, rowsChanged } from '@daybreak/database';
import type { EntityManager } from 'typeorm';

/**
 * Follows (`follows`) and the counters they move on `users`: a counter moves only when a row was
 * really inserted or deleted, so counts equal the rows.
 */

export async function isFollowing(
  manager: EntityManager,
  followerId: string,
  followeeId: string,
): Promise<boolean> {
  const rows = await manager.query<unknown[]>(
    `SELECT 1 FROM follows WHERE follower_id = $1 AND followee_id = $2`,
    [followerId, followeeId],
  );
  return rows.length > 0;
}

/** True if the follow was new. */
export function insertFollow(
  manager: EntityManager,
  follow: { followerId: string; followeeId: string; at: Date },
): Promise<boolean> {
  return insertedAny(
    manager,
    `INSERT INTO follows (follower_id, followee_id, created_at) VALUES ($1, $2, $3)
     ON CONFLICT DO NOTHING RETURNING follower_id`,
    [follow.followerId, follow.followeeId, follow.at],
  );
}

/** True if there was a follow to delete. */
export async function deleteFollow(
  manager: EntityManager,
  followerId: string,
  followeeId: string,
): Promise<boolean> {
  const deleted = await rowsChanged(
    manager,
    `DELETE FROM follows WHERE follower_id = $1 AND followee_id = $2`,
    [followerId, followeeId],
  );
  return deleted === 1;
}

/** Locks the members' rows in the order given (id order, so opposite follows cannot deadlock). */
export async function lockMembers(manager: EntityManager, ids: string[]): Promise<string[]> {
  const locked: { id: string }[] = await manager.query(
    `SELECT id FROM users WHERE id = ANY($1::uuid[]) ORDER BY id FOR NO KEY UPDATE`,
    [ids],
  );
  return locked.map((row) => row.id);
}

export async function adjustFollowCounts(
  manager: EntityManager,
  followerId: string,
  followeeId: string,
  delta: 1 | -1,
): Promise<void> {
  await manager.query(
    `UPDATE users SET
       following_count = following_count + CASE WHEN id = $1 THEN $3::int ELSE 0 END,
       followers_count = followers_count + CASE WHEN id = $2 THEN $3::int ELSE 0 END
     WHERE id IN ($1, $2)`,
    [followerId, followeeId, delta],
  );
}

export async function followersCount(manager: EntityManager, userId: string): Promise<number> {
  const [row]: { followers_count: number }[] = await manager.query(
    `SELECT followers_count FROM users WHERE id = $1`,
    [userId],
  );
  return row.followers_count;
}
