import { CalendarDate, DayActivity, addDays, localDateTime, toCalendarDate } from '@daybreak/contracts';

/** Early posts before 06:30 local time belong to the previous day's streak period (spec §9). */
const PERIOD_START_MINUTES = 6 * 60 + 30;

/** The streak period an instant falls in: the local date of (local time − 6h30m), in `timeZone`. */
export function streakDayOf(instant: Date, timeZone: string): CalendarDate {
  const local = localDateTime(instant, timeZone);
  const date = toCalendarDate(local);
  return local.hour * 60 + local.minute < PERIOD_START_MINUTES ? addDays(date, -1) : date;
}

export interface Streaks {
  currentStreak: number;
  longestStreak: number;
}

/**
 * Current streak: consecutive active periods ending at the current period or the one before it
 * (this morning's post still counts until tomorrow's window closes). Longest: the longest such run.
 */
export function computeStreaks(activeDays: Iterable<CalendarDate>, currentPeriod: CalendarDate): Streaks {
  const days = [...new Set(activeDays)].sort();
  let longestStreak = 0;
  let run = 0;
  for (let i = 0; i < days.length; i++) {
    run = i > 0 && addDays(days[i - 1], 1) === days[i] ? run + 1 : 1;
    longestStreak = Math.max(longestStreak, run);
  }
  const active = new Set(days);
  let cursor = active.has(currentPeriod) ? currentPeriod : addDays(currentPeriod, -1);
  let currentStreak = 0;
  while (active.has(cursor)) {
    currentStreak += 1;
    cursor = addDays(cursor, -1);
  }
  return { currentStreak, longestStreak };
}

/**
 * The last `days` periods ending at `currentPeriod`, oldest first: `5am` if any 5am post, else `6am`,
 * else `any` if the member posted at all, else `none`.
 */
export function activityCalendar(
  earlyDays: Iterable<{ day: CalendarDate; classification: '5am' | '6am' }>,
  postingDays: Iterable<CalendarDate>,
  currentPeriod: CalendarDate,
  days = 30,
): DayActivity[] {
  const best = new Map<CalendarDate, DayActivity['activityType']>();
  for (const day of postingDays) best.set(day, 'any');
  for (const { day, classification } of earlyDays) {
    if (classification === '5am' || best.get(day) !== '5am') best.set(day, classification);
  }
  return Array.from({ length: days }, (_, i) => {
    const date = addDays(currentPeriod, i - days + 1);
    return { date, activityType: best.get(date) ?? 'none' };
  });
}

/** A member's latest run of consecutive active periods: its last period and its length. */
export interface LatestRun {
  lastDay: CalendarDate;
  length: number;
}

/**
 * The current streak from the latest run alone (what the leaderboard fetches for many members in
 * one query): the run counts while it ends at the current period or the one before it.
 */
export function currentStreakOfRun(run: LatestRun | null, currentPeriod: CalendarDate): number {
  if (!run) return 0;
  return run.lastDay >= addDays(currentPeriod, -1) ? run.length : 0;
}
