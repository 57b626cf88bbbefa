import { rowsChanged } from '@daybreak/database';
import type { EntityManager } from 'typeorm';

/**
 * Deletes up to `limit` upload links (`upload_intents`, whose entity is UploadIntent) never used and
 * created more than `maxAge` (an interval) ago, skipping rows another process holds. Answers how many.
 */
export async function deleteUnusedIntents(
  manager: EntityManager,
  maxAge: string,
  limit: number,
): Promise<number> {
  return rowsChanged(
    manager,
    `DELETE FROM upload_intents WHERE token IN (
       SELECT token FROM upload_intents
       WHERE used_at IS NULL AND created_at < now() - $1::interval
       LIMIT $2 FOR UPDATE SKIP LOCKED)`,
    [maxAge, limit],
  );
}
