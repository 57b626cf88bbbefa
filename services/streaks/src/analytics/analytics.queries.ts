import type { EntityManager } from 'typeorm';
import type { TimeClassification } from '@daybreak/contracts';

/**
 * Product analytics' statements (ADR 0033): the daily aggregates the Product dashboard reads. Each
 * counts one event once: the inbox skips a redelivered event, so an increment here never repeats.
 */

/** Counts the member active on `day` the first time they are seen that day. */
export async function markActive(manager: EntityManager, userId: string, day: string): Promise<void> {
  const added: unknown[] = await manager.query(
    `INSERT INTO analytics_active_members (day, user_id) VALUES ($1, $2)
     ON CONFLICT DO NOTHING RETURNING day`,
    [day, userId],
  );
  if (added.length === 0) return;
  await manager.query(
    `INSERT INTO analytics_daily_active (day, members) VALUES ($1, 1)
     ON CONFLICT (day) DO UPDATE SET members = analytics_daily_active.members + 1`,
    [day],
  );
}

export async function countPost(
  manager: EntityManager,
  post: { day: string; localHour: number; classification: TimeClassification },
): Promise<void> {
  await manager.query(
    `INSERT INTO analytics_daily_posts (day, local_hour, classification, posts) VALUES ($1, $2, $3, 1)
     ON CONFLICT (day, local_hour, classification) DO UPDATE SET posts = analytics_daily_posts.posts + 1`,
    [post.day, post.localHour, post.classification],
  );
}

export async function countClientEvent(
  manager: EntityManager,
  event: { day: string; name: string; audience: 'member' | 'guest' },
): Promise<void> {
  await manager.query(
    `INSERT INTO analytics_daily_events (day, name, audience, events) VALUES ($1, $2, $3, 1)
     ON CONFLICT (day, name, audience) DO UPDATE SET events = analytics_daily_events.events + 1`,
    [event.day, event.name, event.audience],
  );
}

/** The funnel's steps; each keeps the earliest day seen, whatever order the events come in. */
export type JourneyStep = 'signed_up_on' | 'first_post_on' | 'first_week_streak_on';

export async function reachStep(
  manager: EntityManager,
  userId: string,
  step: JourneyStep,
  day: string,
): Promise<void> {
  await manager.query(
    `INSERT INTO analytics_member_journeys (user_id, ${step}) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE
       SET ${step} = least(analytics_member_journeys.${step}, excluded.${step})`,
    [userId, day],
  );
}

/**
 * Deletes up to `limit` member-days older than `keepDays` UTC days before today (the days are UTC
 * days, whatever the session's time zone); answers how many went.
 */
export async function deleteActiveMembersBefore(
  manager: EntityManager,
  keepDays: number,
  limit: number,
): Promise<number> {
  const [, deleted] = (await manager.query(
    `DELETE FROM analytics_active_members WHERE ctid IN (
       SELECT ctid FROM analytics_active_members
       WHERE day < (now() AT TIME ZONE 'UTC')::date - $1::int LIMIT $2)`,
    [keepDays, limit],
  )) as [unknown, number];
  return deleted;
}
