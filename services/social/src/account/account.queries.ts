import { rowsChanged } from '@daybreak/database';
import type { ExportedMember } from '@daybreak/contracts';
import type { EntityManager } from 'typeorm';
import { type MemberRow, memberOf } from '../users/user-list.queries';

/**
 * The member and everyone they follow or who follows them, locked in id order as a follow locks
 * its pair (follows.queries.ts), so a deletion and a follow of one of them cannot deadlock.
 */
export async function lockMemberAndFollows(manager: EntityManager, userId: string): Promise<string[]> {
  const locked: { id: string }[] = await manager.query(
    `SELECT id FROM users
     WHERE id = $1
        OR id IN (SELECT followee_id FROM follows WHERE follower_id = $1)
        OR id IN (SELECT follower_id FROM follows WHERE followee_id = $1)
     ORDER BY id FOR NO KEY UPDATE`,
    [userId],
  );
  return locked.map((row) => row.id);
}

/**
 * Ends every follow of the member, both ways, and moves the other members' counters by exactly the
 * rows deleted, in one statement. The caller holds the rows locked (lockMemberAndFollows). Answers
 * the follows that ended.
 */
export async function endEveryFollowOf(
  manager: EntityManager,
  userId: string,
): Promise<{ followerId: string; followeeId: string }[]> {
  const rows: { follower_id: string; followee_id: string }[] = await manager.query(
    `WITH ended AS (
       DELETE FROM follows WHERE follower_id = $1 OR followee_id = $1
       RETURNING follower_id, followee_id
     ), counted AS (
       UPDATE users u SET
         following_count = following_count - (SELECT count(*) FROM ended WHERE follower_id = u.id)::int,
         followers_count = followers_count - (SELECT count(*) FROM ended WHERE followee_id = u.id)::int
       WHERE u.id <> $1 AND u.id IN (SELECT follower_id FROM ended UNION SELECT followee_id FROM ended)
     )
     SELECT follower_id, followee_id FROM ended ORDER BY follower_id, followee_id`,
    [userId],
  );
  return rows.map((row) => ({ followerId: row.follower_id, followeeId: row.followee_id }));
}

/**
 * Deletes the member's row: their blocks, mutes, block versions and open invites go with it (ON
 * DELETE CASCADE), and an invite they accepted forgets them (SET NULL). True if there was one.
 */
export async function deleteMember(manager: EntityManager, userId: string): Promise<boolean> {
  return (await rowsChanged(manager, `DELETE FROM users WHERE id = $1`, [userId])) === 1;
}

/**
 * The lists of the member's export: whom they follow, who follows them, whom they blocked and
 * muted, each with when, oldest first. Table and columns come from this file alone.
 */
const EXPORT_LISTS = {
  following: { table: 'follows', by: 'follower_id', of: 'followee_id' },
  followers: { table: 'follows', by: 'followee_id', of: 'follower_id' },
  blocked: { table: 'blocks', by: 'blocker_id', of: 'blocked_id' },
  muted: { table: 'mutes', by: 'muter_id', of: 'muted_id' },
} as const;

export async function exportedList(
  manager: EntityManager,
  list: keyof typeof EXPORT_LISTS,
  userId: string,
): Promise<ExportedMember[]> {
  const { table, by, of } = EXPORT_LISTS[list];
  const rows: (MemberRow & { since: Date })[] = await manager.query(
    `SELECT u.id, u.first_name, u.last_name, u.profile_name, u.profile_image_url, p.created_at AS since
     FROM ${table} p JOIN users u ON u.id = p.${of}
     WHERE p.${by} = $1 ORDER BY p.created_at, u.id`,
    [userId],
  );
  return rows.map((row) => ({ ...memberOf(row), since: row.since.toISOString() }));
}
