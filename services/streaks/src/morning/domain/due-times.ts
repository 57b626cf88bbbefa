import { CalendarDate, addDays, localDateTime, toCalendarDate } from '@daybreak/contracts';

/** A wall-clock time a message is due at, on every day or on one weekday (1 = Monday … 7 = Sunday). */
export interface DueRule {
  hour: number;
  minute: number;
  weekday?: number;
}

/** The streak nudge: 06:10 local, 20 minutes before the streak period closes (ADR 0028). */
export const NUDGE_DUE: DueRule = { hour: 6, minute: 10 };
/** The weekly recap: Monday 07:00 local. */
export const RECAP_DUE: DueRule = { hour: 7, minute: 0, weekday: 1 };

const pad = (value: number) => String(value).padStart(2, '0');
const MINUTE_MS = 60_000;

const DAY_MS = 86_400_000;

/** The zone's offset from UTC at `instant` (local wall time minus UTC), to the minute. */
function offsetAt(instant: number, zone: string): number {
  const local = localDateTime(new Date(instant), zone);
  const wall = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute);
  return wall - Math.floor(instant / MINUTE_MS) * MINUTE_MS;
}

/**
 * The offsets the zone may be at around a wall time read as UTC (`naive`): those in effect a day
 * either side and at it. A zone changes its offset at most once in two days, so one of them is right.
 */
const offsetsAround = (naive: number, zone: string): number[] => [
  ...new Set([naive - DAY_MS, naive, naive + DAY_MS].map((instant) => offsetAt(instant, zone))),
];

const wallClockOf = (instant: Date, zone: string): string => {
  const local = localDateTime(instant, zone);
  return `${toCalendarDate(local)} ${pad(local.hour)}:${pad(local.minute)}`;
};

/**
 * The first instant the clock in `zone` shows `date` at `hour:minute`; when that minute does not exist
 * that day (a DST gap), the first minute after it that does. A minute shown twice (the clocks go
 * back) gives its first instant, so it is due once.
 */
export function firstInstantAt(date: CalendarDate, hour: number, minute: number, zone: string): Date {
  // Minute by minute past a gap: gaps are at most a few hours, in any zone.
  for (let late = 0; late <= 24 * 60; late++) {
    const total = hour * 60 + minute + late;
    const day = addDays(date, Math.floor(total / (24 * 60)));
    const wanted = `${day} ${pad(Math.floor(total / 60) % 24)}:${pad(total % 60)}`;
    const naive = Date.parse(`${day}T${wanted.slice(11)}:00Z`);
    const matches = offsetsAround(naive, zone)
      .map((offset) => new Date(naive - offset))
      .filter((candidate) => wallClockOf(candidate, zone) === wanted);
    if (matches.length > 0) return new Date(Math.min(...matches.map((m) => m.getTime())));
  }
  throw new Error(`No instant shows ${date} ${pad(hour)}:${pad(minute)} in ${zone}`);
}

/** ISO weekday of a calendar date: 1 = Monday … 7 = Sunday. */
const weekdayOf = (date: CalendarDate): number => new Date(`${date}T00:00:00Z`).getUTCDay() || 7;

/**
 * The next instant after `after` at which `rule` is due in `zone`: the rule's wall time on the first
 * local date (from `after`'s own) whose due instant lies after `after`. Computed from the last due
 * instant, it gives the next day's (or week's), never that one's second showing.
 */
export function nextDueAfter(after: Date, zone: string, rule: DueRule): Date {
  let date = toCalendarDate(localDateTime(after, zone));
  for (let i = 0; i < 9; i++, date = addDays(date, 1)) {
    if (rule.weekday && weekdayOf(date) !== rule.weekday) continue;
    const due = firstInstantAt(date, rule.hour, rule.minute, zone);
    if (due.getTime() > after.getTime()) return due;
  }
  throw new Error(`No due instant within a week after ${after.toISOString()} in ${zone}`);
}
