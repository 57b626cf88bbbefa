import { insertedAny, rowsChanged } from '@daybreak/database';
import type { EntityManager } from 'typeorm';
import type { TimeClassification } from '@daybreak/contracts';

/**
 * Product analytics' statements (ADR 0033): the daily aggregates the Product dashboard reads. Each
 * counts one event once: the inbox skips a redelivered event, so an increment here never repeats.
 */

/** Adds the member to the day's active members; true the first time they are seen that day. */
export function insertActiveMember(manager: EntityManager, userId: string, day: string): Promise<boolean> {
  return insertedAny(
    manager,
    `INSERT INTO analytics_active_members (day, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING day`,
    [day, userId],
  );
}

/** One more for a daily counter: an active member, a post by local hour and class, or a SPA event. */
export type DailyCount =
  | { counter: 'active'; day: string }
  | { counter: 'posts'; day: string; localHour: number; classification: TimeClassification }
  | { counter: 'events'; day: string; name: string; audience: 'member' | 'guest' };

type Counter = DailyCount['counter'];

/**
 * Each counter's table, the column it counts in, and its key: each field of the count with its
 * column's type (the column is the field in snake_case), in ORDER BY order. From this file alone.
 */
const COUNTERS = {
  active: { table: 'analytics_daily_active', total: 'members', key: { day: 'date' } },
  events: {
    table: 'analytics_daily_events',
    total: 'events',
    key: { day: 'date', name: 'text', audience: 'text' },
  },
  posts: {
    table: 'analytics_daily_posts',
    total: 'posts',
    key: { day: 'date', localHour: 'smallint', classification: 'text' },
  },
} satisfies {
  [C in Counter]: {
    table: string;
    total: string;
    key: { [F in Exclude<keyof Extract<DailyCount, { counter: C }>, 'counter'>]: string };
  };
};

const snakeCase = (field: string) => field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/**
 * Adds a transaction's counts, one statement per counter, in one fixed order: the counters always
 * in this order, and each one's rows by their key (the upsert takes its row locks in the ORDER BY's
 * order). Each consumer batch is one transaction, and a batch from another partition may move the
 * same counters in the opposite order: this way the later one waits for the earlier instead of the
 * two deadlocking (and the transport retrying one).
 */
export async function addDailyCounts(manager: EntityManager, counts: readonly DailyCount[]): Promise<void> {
  for (const counter of ['active', 'events', 'posts'] as const) {
    const { table, key, total } = COUNTERS[counter];
    const rows = counts.filter((count) => count.counter === counter) as Record<string, unknown>[];
    if (rows.length === 0) continue;
    const fields = Object.entries(key);
    const columns = fields.map(([field]) => snakeCase(field)).join(', ');
    const arrays = fields.map(([, type], index) => `$${index + 1}::${type}[]`).join(', ');
    await manager.query(
      `INSERT INTO ${table} (${columns}, ${total})
       SELECT ${columns}, count(*)::int FROM unnest(${arrays}) AS c(${columns})
       GROUP BY ${columns} ORDER BY ${columns}
       ON CONFLICT (${columns}) DO UPDATE SET ${total} = ${table}.${total} + excluded.${total}`,
      fields.map(([field]) => rows.map((row) => row[field])),
    );
  }
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
  return rowsChanged(
    manager,
    `DELETE FROM analytics_active_members WHERE ctid IN (
       SELECT ctid FROM analytics_active_members
       WHERE day < (now() AT TIME ZONE 'UTC')::date - $1::int LIMIT $2)`,
    [keepDays, limit],
  );
}
