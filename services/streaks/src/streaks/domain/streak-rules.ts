import { CalendarDate, DayActivity, addDays, localDateTime, toCalendarDate } from '@daybreak/contracts';
import { walkStreak } from './streak-freeze';

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
 * (this morning's post still counts until tomorrow's window closes), where a held freeze bridges a
 * missed period (streak-freeze.ts). Longest: the longest such streak. Both count active periods only.
 */
export function computeStreaks(activeDays: Iterable<CalendarDate>, currentPeriod: CalendarDate): Streaks {
  const { currentStreak, longestStreak } = walkStreak(activeDays, currentPeriod);
  return { currentStreak, longestStreak };
}

/**
 * The last `days` periods ending at `currentPeriod`, oldest first: `5am` if any 5am post, else `6am`,
 * else `frozen` if a freeze kept the streak that period, else `any` if the member posted at all, else
 * `none`.
 */
export function activityCalendar(
  earlyDays: Iterable<{ day: CalendarDate; classification: '5am' | '6am' }>,
  postingDays: Iterable<CalendarDate>,
  currentPeriod: CalendarDate,
  days = 30,
  frozenDays: Iterable<CalendarDate> = [],
): DayActivity[] {
  const best = new Map<CalendarDate, DayActivity['activityType']>();
  for (const day of postingDays) best.set(day, 'any');
  for (const day of frozenDays) best.set(day, 'frozen');
  for (const { day, classification } of earlyDays) {
    if (classification === '5am' || best.get(day) !== '5am') best.set(day, classification);
  }
  return Array.from({ length: days }, (_, i) => {
    const date = addDays(currentPeriod, i - days + 1);
    return { date, activityType: best.get(date) ?? 'none' };
  });
}
