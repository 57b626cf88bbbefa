import type { EntityManager } from 'typeorm';

/**
 * The `member_zones` table: the zone each member's mornings follow. Their stored zone (social's
 * `user.registered`/`user.updated`), else the zone of their latest post (`post.created`), as the
 * streaks service decides a member's day (ADR 0027). Newest wins on each side: a replayed older
 * event never overwrites a newer one.
 */

/** Each side of a member's zone: its columns (the zone, and when it was said), from this file alone. */
const ZONE_SIDES = {
  stored: { zone: 'stored_zone', at: 'stored_at' },
  post: { zone: 'post_zone', at: 'post_at' },
} as const;

/** Records the member's `side` zone as of `at`, unless that side already holds a newer one. */
export async function recordZone(
  manager: EntityManager,
  side: keyof typeof ZONE_SIDES,
  change: { userId: string; zone: string | null; at: string },
): Promise<void> {
  const { zone, at } = ZONE_SIDES[side];
  await manager.query(
    `INSERT INTO member_zones (user_id, ${zone}, ${at}) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET ${zone} = EXCLUDED.${zone}, ${at} = EXCLUDED.${at}
     WHERE member_zones.${at} IS NULL OR member_zones.${at} <= EXCLUDED.${at}`,
    [change.userId, change.zone, change.at],
  );
}

/** The member's zone: stored, else their latest post's; null when neither is known. */
export async function zoneOf(manager: EntityManager, userId: string): Promise<string | null> {
  const [row] = await manager.query<{ zone: string | null }[]>(
    `SELECT coalesce(stored_zone, post_zone) AS zone FROM member_zones WHERE user_id = $1`,
    [userId],
  );
  return row?.zone ?? null;
}

/** A member who left (issue 42): their zone copy goes. */
export async function deleteZoneOf(manager: EntityManager, userId: string): Promise<void> {
  await manager.query(`DELETE FROM member_zones WHERE user_id = $1`, [userId]);
}
