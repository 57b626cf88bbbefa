import type { UserListItem } from '@daybreak/contracts';
import type { EntityManager } from 'typeorm';

interface ListRow {
  id: string;
  first_name: string | null;
  last_name: string | null;
  profile_name: string | null;
  profile_image_url: string | null;
  is_following: boolean;
}

/**
 * Members as lists show them (find people, search, followers, following), each with whether the
 * viewer follows them, in one query whatever the page size. Never the e-mail: lists are seen by
 * other members. `from` is the rest of the query after SELECT; it names the members `u` and may use
 * `$1` (the viewer, or null) and parameters from `$2` on.
 */
export async function listUsers(
  manager: EntityManager,
  viewerId: string | null,
  from: string,
  params: unknown[],
): Promise<UserListItem[]> {
  const rows: ListRow[] = await manager.query(
    `SELECT u.id, u.first_name, u.last_name, u.profile_name, u.profile_image_url,
       EXISTS (SELECT 1 FROM follows mine WHERE mine.follower_id = $1 AND mine.followee_id = u.id)
         AS is_following
     ${from}`,
    [viewerId, ...params],
  );
  return rows.map((row) => ({
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    profileName: row.profile_name,
    profileImageUrl: row.profile_image_url,
    isFollowing: row.is_following,
  }));
}
