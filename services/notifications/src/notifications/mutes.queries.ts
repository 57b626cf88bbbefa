import type { EntityManager } from 'typeorm';

/**
 * The `mutes` table: who muted whom, from social's `user.muted` and `user.unmuted`. The writer's
 * statements read it (notifications.queries.ts): a muted member notifies the muter of nothing.
 */

export async function addMute(manager: EntityManager, muterId: string, mutedId: string): Promise<void> {
  await manager.query(`INSERT INTO mutes (muter_id, muted_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [
    muterId,
    mutedId,
  ]);
}

export async function removeMute(manager: EntityManager, muterId: string, mutedId: string): Promise<void> {
  await manager.query(`DELETE FROM mutes WHERE muter_id = $1 AND muted_id = $2`, [muterId, mutedId]);
}

/** A member who left (issue 42): their mutes and the mutes of them. */
export async function removeMutesOf(manager: EntityManager, userId: string): Promise<void> {
  await manager.query(`DELETE FROM mutes WHERE muter_id = $1 OR muted_id = $1`, [userId]);
}
