import type { EntityManager } from 'typeorm';

/**
 * The `blocks` table: who blocked whom, from social's `user.blocked` and `user.unblocked`. The
 * writer's statements read it both ways (notifications.queries.ts), so neither member notifies the
 * other.
 */

export async function addBlock(manager: EntityManager, blockerId: string, blockedId: string): Promise<void> {
  await manager.query(`INSERT INTO blocks (blocker_id, blocked_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [
    blockerId,
    blockedId,
  ]);
}

export async function removeBlock(
  manager: EntityManager,
  blockerId: string,
  blockedId: string,
): Promise<void> {
  await manager.query(`DELETE FROM blocks WHERE blocker_id = $1 AND blocked_id = $2`, [blockerId, blockedId]);
}

/** A member who left (issue 42): their blocks and the blocks of them. */
export async function removeBlocksOf(manager: EntityManager, userId: string): Promise<void> {
  await manager.query(`DELETE FROM blocks WHERE blocker_id = $1 OR blocked_id = $1`, [userId]);
}
