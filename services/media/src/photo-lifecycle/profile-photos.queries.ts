import type { EntityManager } from 'typeorm';

/**
 * Each member's current profile photo (`profile_photos`), from their snapshots as of `occurredAt`:
 * the newest snapshot wins, as in every read model of members.
 */
export async function upsertProfilePhoto(
  manager: EntityManager,
  photo: { userId: string; objectId: string | null },
  occurredAt: string,
): Promise<void> {
  await manager.query(
    `INSERT INTO profile_photos (user_id, object_id, source_updated_at) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE
       SET object_id = EXCLUDED.object_id, source_updated_at = EXCLUDED.source_updated_at
       WHERE profile_photos.source_updated_at <= EXCLUDED.source_updated_at`,
    [photo.userId, photo.objectId, occurredAt],
  );
}
