import type { EntityManager } from 'typeorm';

/**
 * The `member_zones` table: the zone each member's mornings follow. Their stored zone (social's
 * `user.registered`/`user.updated`), else the zone of their latest post (`post.created`), as the
 * streaks service decides a member's day (ADR 0027). Newest wins on each side: a replayed older
 * event never overwrites a newer one.
 */

export async function recordStoredZone(
  manager: EntityManager,
  userId: string,
  zone: string | null,
  occurredAt: string,
): Promise<void> {
  await manager.query(
    `INSERT INTO member_zones (user_id, stored_zone, stored_at) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET stored_zone = EXCLUDED.stored_zone, stored_at = EXCLUDED.stored_at
     WHERE member_zones.stored_at IS NULL OR member_zones.stored_at <= EXCLUDED.stored_at`,
    [userId, zone, occurredAt],
  );
}

export async function recordPostZone(
  manager: EntityManager,
  userId: string,
  zone: string,
  postedAt: string,
): Promise<void> {
  await manager.query(
    `INSERT INTO member_zones (user_id, post_zone, post_at) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET post_zone = EXCLUDED.post_zone, post_at = EXCLUDED.post_at
     WHERE member_zones.post_at IS NULL OR member_zones.post_at <= EXCLUDED.post_at`,
    [userId, zone, postedAt],
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
