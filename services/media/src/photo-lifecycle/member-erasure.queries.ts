import type { EntityManager } from 'typeorm';

/**
 * What media keeps of a member besides their images: their upload links, their profile photo's
 * record and their upload allowance's counts (issue 42). Tables come from this file alone.
 */
const MEMBER_ROWS = [
  { table: 'upload_intents', column: 'owner_id' },
  { table: 'profile_photos', column: 'user_id' },
  { table: 'upload_quota_usage', column: 'owner_id' },
] as const;

export async function deleteMemberRows(manager: EntityManager, userId: string): Promise<void> {
  for (const { table, column } of MEMBER_ROWS)
    await manager.query(`DELETE FROM ${table} WHERE ${column} = $1`, [userId]);
}
