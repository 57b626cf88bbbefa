import type { UserSummary } from '@daybreak/contracts';
import { UserSnapshot, applyUserSnapshot } from '@daybreak/database';
import type { EntityManager } from 'typeorm';

/** A member's names as the read model has them. */
export type MemberNamesRow = Omit<UserSummary, 'id'>;

/** The member read model (`members`): names for the leaderboard, and the member's own timezone. */
export function upsertMember(
  manager: EntityManager,
  user: UserSnapshot & { timezone: string | null },
  occurredAt: string,
): Promise<void> {
  return applyUserSnapshot(manager, 'members', user, occurredAt, { timezone: user.timezone });
}

/** The member's stored timezone, else the zone of their latest early post; null when neither. */
export async function storedZoneOf(manager: EntityManager, userId: string): Promise<string | null> {
  const [row] = await manager.query<{ zone: string | null }[]>(
    `SELECT coalesce(
       (SELECT timezone FROM members WHERE user_id = $1),
       (SELECT timezone FROM early_posts WHERE user_id = $1 ORDER BY posted_at DESC LIMIT 1)
     ) AS zone`,
    [userId],
  );
  return row?.zone ?? null;
}

export async function memberNames(
  manager: EntityManager,
  userId: string,
): Promise<MemberNamesRow | undefined> {
  const [row] = await manager.query<MemberNamesRow[]>(
    `SELECT first_name AS "firstName", last_name AS "lastName", profile_name AS "profileName",
            profile_image_url AS "profileImageUrl"
     FROM members WHERE user_id = $1`,
    [userId],
  );
  return row;
}
