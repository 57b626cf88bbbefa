import type { EntityManager } from 'typeorm';

/**
 * The `follows` table: who follows whom, from the social service's events. A post's fan-out walks
 * it while inserting notifications (notifications.queries.ts, insertPostForFollowers).
 */

export async function addFollow(
  manager: EntityManager,
  followeeId: string,
  followerId: string,
): Promise<void> {
  await manager.query(
    `INSERT INTO follows (followee_id, follower_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
    [followeeId, followerId],
  );
}

export async function removeFollow(
  manager: EntityManager,
  followeeId: string,
  followerId: string,
): Promise<void> {
  await manager.query(`DELETE FROM follows WHERE followee_id = $1 AND follower_id = $2`, [
    followeeId,
    followerId,
  ]);
}

/** A member who left (issue 42): every follow of theirs, both ways. */
export async function removeFollowsOf(manager: EntityManager, userId: string): Promise<void> {
  await manager.query(`DELETE FROM follows WHERE followee_id = $1 OR follower_id = $1`, [userId]);
}
