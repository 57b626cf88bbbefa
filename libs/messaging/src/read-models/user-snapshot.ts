import type { EventPayload } from '@daybreak/contracts';
import type { Transaction } from '../outbox/unit-of-work';

/**
 * Applies a member's snapshot (`user.registered` / `user.updated`) to a service's read model of
 * members, as of `occurredAt`. Events of one user share a partition, but a replay could still bring
 * an older snapshot: the WHERE clause keeps whichever is newest. The table has the columns user_id,
 * first_name, last_name, profile_name, profile_image_url and source_updated_at.
 */
export async function applyUserSnapshot(
  tx: Transaction,
  table: string,
  user: EventPayload<'user.registered'>,
  occurredAt: string,
): Promise<void> {
  if (!/^[a-z_]+$/.test(table)) throw new Error(`Invalid read-model table name: ${table}`);
  await tx.manager.query(
    `INSERT INTO ${table} (user_id, first_name, last_name, profile_name, profile_image_url, source_updated_at)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (user_id) DO UPDATE SET
       first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name,
       profile_name = EXCLUDED.profile_name, profile_image_url = EXCLUDED.profile_image_url,
       source_updated_at = EXCLUDED.source_updated_at
     WHERE ${table}.source_updated_at <= EXCLUDED.source_updated_at`,
    [user.userId, user.firstName, user.lastName, user.profileName, user.profileImageUrl, occurredAt],
  );
}
