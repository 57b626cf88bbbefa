import type { EntityManager } from 'typeorm';

/** The names a member's snapshot (`user.registered` / `user.updated`) carries to every read model. */
export interface UserSnapshot {
  userId: string;
  firstName: string | null;
  lastName: string | null;
  profileName: string | null;
  profileImageUrl: string | null;
}

const IDENTIFIER = /^[a-z_]+$/;

/**
 * Applies a member's snapshot to a service's read model of members, as of `occurredAt`: newest wins.
 * Events of one user share a partition, but a replay (or a dead letter replayed late) could still
 * bring an older snapshot: the WHERE clause keeps whichever is newest. The table has the columns
 * user_id, first_name, last_name, profile_name, profile_image_url and source_updated_at, plus the
 * `extra` columns a service keeps beside the names (streaks: the member's timezone).
 */
export async function applyUserSnapshot(
  manager: EntityManager,
  table: string,
  user: UserSnapshot,
  occurredAt: string,
  extra: Record<string, string | null> = {},
): Promise<void> {
  const extraColumns = Object.keys(extra);
  for (const name of [table, ...extraColumns]) {
    if (!IDENTIFIER.test(name)) throw new Error(`Invalid read-model table or column name: ${name}`);
  }
  const columns = ['first_name', 'last_name', 'profile_name', 'profile_image_url', ...extraColumns];
  const values = [
    user.firstName,
    user.lastName,
    user.profileName,
    user.profileImageUrl,
    ...Object.values(extra),
  ];
  const placeholders = columns.map((_, index) => `$${index + 2}`).join(', ');
  const sourceUpdatedAt = `$${columns.length + 2}`;
  await manager.query(
    `INSERT INTO ${table} (user_id, ${columns.join(', ')}, source_updated_at)
     VALUES ($1, ${placeholders}, ${sourceUpdatedAt})
     ON CONFLICT (user_id) DO UPDATE SET
       ${[...columns, 'source_updated_at'].map((column) => `${column} = EXCLUDED.${column}`).join(', ')}
     WHERE ${table}.source_updated_at <= EXCLUDED.source_updated_at`,
    [user.userId, ...values, occurredAt],
  );
}
