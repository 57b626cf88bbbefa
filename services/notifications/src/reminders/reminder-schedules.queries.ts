import { NamedStatement, queryNamed } from '@daybreak/database';
import type { EntityManager } from 'typeorm';

/**
 * The `reminder_schedules` table: a member's morning settings (ADR 0027) and the instant their next
 * wake-up reminder is due, in the zone it was computed in. No row: the defaults.
 */

/** A member's row as stored (dates as Postgres answers them). */
export interface ScheduleRow {
  userId: string;
  enabled: boolean;
  minuteOfDay: number;
  days: number[];
  streakNudge: boolean;
  weeklyRecap: boolean;
  /** The zone `nextDueAt` was computed in; null while the member's zone is not known. */
  timeZone: string | null;
  /** Null when off, or while the member's zone is not known. */
  nextDueAt: Date | null;
  /** The local date (`YYYY-MM-DD`) of the last reminder sent. */
  lastSentOn: string | null;
}

/** A row's settings, as the member chose them. */
export type ScheduleSettings = Pick<
  ScheduleRow,
  'enabled' | 'minuteOfDay' | 'days' | 'streakNudge' | 'weeklyRecap'
>;

/** A row's next due instant, after a send (`lastSentOn` moves on), a drop or a change. */
export interface Rescheduled {
  userId: string;
  timeZone: string | null;
  nextDueAt: Date | null;
  lastSentOn: string | null;
}

const COLUMNS = `user_id AS "userId", enabled, minute_of_day AS "minuteOfDay", days,
  streak_nudge AS "streakNudge", weekly_recap AS "weeklyRecap", time_zone AS "timeZone",
  next_due_at AS "nextDueAt", to_char(last_sent_on, 'YYYY-MM-DD') AS "lastSentOn"`;

/**
 * The due rows, oldest first, that no other worker holds: each is this transaction's until it
 * commits (a worker that dies lets go of them, and another takes them). Read through the partial
 * index on next_due_at, never by scanning every member.
 */
const CLAIM_DUE: NamedStatement = {
  name: 'reminder_schedules_claim_due',
  text: `SELECT ${COLUMNS} FROM reminder_schedules
         WHERE next_due_at <= $1
         ORDER BY next_due_at
         LIMIT $2
         FOR UPDATE SKIP LOCKED`,
};

const RESCHEDULE: NamedStatement = {
  name: 'reminder_schedules_reschedule',
  text: `UPDATE reminder_schedules s
         SET time_zone = r.time_zone, next_due_at = r.next_due_at, last_sent_on = r.last_sent_on
         FROM unnest($1::uuid[], $2::text[], $3::timestamptz[], $4::date[])
              AS r (user_id, time_zone, next_due_at, last_sent_on)
         WHERE s.user_id = r.user_id`,
};

export function claimDueSchedules(manager: EntityManager, now: Date, limit: number): Promise<ScheduleRow[]> {
  return queryNamed<ScheduleRow>(manager, CLAIM_DUE, [now, limit]);
}

export async function rescheduleAll(manager: EntityManager, rows: readonly Rescheduled[]): Promise<void> {
  if (rows.length === 0) return;
  await queryNamed(manager, RESCHEDULE, [
    rows.map(({ userId }) => userId),
    rows.map(({ timeZone }) => timeZone),
    rows.map(({ nextDueAt }) => nextDueAt),
    rows.map(({ lastSentOn }) => lastSentOn),
  ]);
}

/** The member's row, locked until the transaction ends (a worker sending it is waited for). */
export async function lockSchedule(manager: EntityManager, userId: string): Promise<ScheduleRow | null> {
  const [row] = await manager.query<ScheduleRow[]>(
    `SELECT ${COLUMNS} FROM reminder_schedules WHERE user_id = $1 FOR UPDATE`,
    [userId],
  );
  return row ?? null;
}

export async function scheduleOf(manager: EntityManager, userId: string): Promise<ScheduleRow | null> {
  const [row] = await manager.query<ScheduleRow[]>(
    `SELECT ${COLUMNS} FROM reminder_schedules WHERE user_id = $1`,
    [userId],
  );
  return row ?? null;
}

/** Saves the member's settings and next due instant; the day of the last reminder stays. */
export async function saveSchedule(
  manager: EntityManager,
  userId: string,
  settings: ScheduleSettings,
  next: { timeZone: string | null; nextDueAt: Date | null },
): Promise<void> {
  await manager.query(
    `INSERT INTO reminder_schedules
       (user_id, enabled, minute_of_day, days, streak_nudge, weekly_recap, time_zone, next_due_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (user_id) DO UPDATE SET
       enabled = EXCLUDED.enabled, minute_of_day = EXCLUDED.minute_of_day, days = EXCLUDED.days,
       streak_nudge = EXCLUDED.streak_nudge, weekly_recap = EXCLUDED.weekly_recap,
       time_zone = EXCLUDED.time_zone, next_due_at = EXCLUDED.next_due_at, updated_at = now()`,
    [
      userId,
      settings.enabled,
      settings.minuteOfDay,
      settings.days,
      settings.streakNudge,
      settings.weeklyRecap,
      next.timeZone,
      next.nextDueAt,
    ],
  );
}

/**
 * Whether each member wants the streak nudge and the weekly recap (by id in lower case); a member
 * who never chose is not in the map and has the defaults (both on).
 */
export async function nudgePreferencesOf(
  manager: EntityManager,
  userIds: readonly string[],
): Promise<Map<string, { streakNudge: boolean; weeklyRecap: boolean }>> {
  const rows = await manager.query<{ userId: string; streakNudge: boolean; weeklyRecap: boolean }[]>(
    `SELECT user_id AS "userId", streak_nudge AS "streakNudge", weekly_recap AS "weeklyRecap"
     FROM reminder_schedules WHERE user_id = ANY($1::uuid[])`,
    [userIds],
  );
  return new Map(rows.map(({ userId, ...preferences }) => [userId, preferences]));
}

/** A member who left (issue 42): their reminder schedule goes. */
export async function deleteScheduleOf(manager: EntityManager, userId: string): Promise<void> {
  await manager.query(`DELETE FROM reminder_schedules WHERE user_id = $1`, [userId]);
}
