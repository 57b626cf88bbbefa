import {
  CalendarDate,
  LeaderboardEntry,
  WeekDayActivity,
  addDays,
  displayName,
  localDateTime,
  toCalendarDate,
} from '@daybreak/contracts';

const DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

const weekdayOf = (date: CalendarDate): number => new Date(`${date}T00:00:00Z`).getUTCDay();

/**
 * The leaderboard week at `now` for a viewer in `timeZone`: Monday to Sunday of the viewer's local
 * calendar, so it turns over at Monday 00:00 on the viewer's clock.
 */
export function weekAt(now: Date, timeZone: string): CalendarDate[] {
  const today = toCalendarDate(localDateTime(now, timeZone));
  const monday = addDays(today, -((weekdayOf(today) + 6) % 7));
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

/** An early post's day: its local date where it was posted (the morning the member got up). */
export interface EarlyDay {
  day: CalendarDate;
  classification: '5am' | '6am';
}

/** The week's seven days, each counted once: `5am` if any 5am post that day, else `6am`, else none. */
export function weeklyActivity(week: CalendarDate[], earlyDays: Iterable<EarlyDay>): WeekDayActivity[] {
  const best = new Map<CalendarDate, '5am' | '6am'>();
  for (const { day, classification } of earlyDays) {
    if (best.get(day) !== '5am') best.set(day, classification);
  }
  return week.map((date) => ({
    date,
    dayName: DAY_NAMES[weekdayOf(date)],
    activityType: best.get(date) ?? 'none',
  }));
}

export const countDays = (data: WeekDayActivity[], type: '5am' | '6am'): number =>
  data.filter((day) => day.activityType === type).length;

/**
 * Ranks by 5am days, then 6am days, then current streak, all descending (ARCHITECTURE §5). A full
 * tie goes by display name, then id, so the order never flickers between loads.
 */
export function rankLeaderboard(entries: LeaderboardEntry[]): LeaderboardEntry[] {
  return [...entries].sort(
    (a, b) =>
      b.fiveAmDaysThisWeek - a.fiveAmDaysThisWeek ||
      b.sixAmDaysThisWeek - a.sixAmDaysThisWeek ||
      b.currentStreak - a.currentStreak ||
      displayName(a).localeCompare(displayName(b)) ||
      a.id.localeCompare(b.id),
  );
}
