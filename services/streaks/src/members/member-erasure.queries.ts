import type { EntityManager } from 'typeorm';

/**
 * Every table of streaks that names a member, and the columns that do (issue 42): their early
 * activity, the aggregates of it, their badges, their copy in the member read model, the follows
 * the leaderboard ranks by, and the invites their badges count. Tables come from this file alone.
 */
const MEMBER_COLUMNS = [
  { table: 'early_posts', columns: ['user_id'] },
  { table: 'post_days', columns: ['user_id'] },
  { table: 'streak_runs', columns: ['user_id'] },
  { table: 'member_stats', columns: ['user_id'] },
  { table: 'member_badges', columns: ['user_id'] },
  { table: 'members', columns: ['user_id'] },
  { table: 'follows', columns: ['follower_id', 'followee_id'] },
  { table: 'invites_sent', columns: ['inviter_id'] },
  { table: 'invites_accepted', columns: ['inviter_id', 'invitee_id'] },
  { table: 'morning_schedule', columns: ['user_id'] },
  { table: 'analytics_active_members', columns: ['user_id'] },
  { table: 'analytics_member_journeys', columns: ['user_id'] },
] as const;

/**
 * Deletes every row that names the member. An inviter whose invitee left counts one accepted
 * invite less from their next change on; the badges they earned with it stay (ADR 0007).
 */
export async function eraseMemberRows(manager: EntityManager, userId: string): Promise<void> {
  for (const { table, columns } of MEMBER_COLUMNS) {
    const where = columns.map((column) => `${column} = $1`).join(' OR ');
    await manager.query(`DELETE FROM ${table} WHERE ${where}`, [userId]);
  }
}
