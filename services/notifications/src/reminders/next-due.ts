import { CalendarDate, addDays, localDateTime, toCalendarDate } from '@daybreak/contracts';

/** When a member wants their reminder: a local minute on some days of the week, in their zone. */
export interface ReminderRule {
  /** Minutes after local midnight, 0–1439. */
  minuteOfDay: number;
  /** ISO days of the week, 1 = Monday … 7 = Sunday. */
  days: readonly number[];
  /** IANA zone, valid. */
  zone: string;
}

/** The next reminder: its instant and the local date it belongs to (one reminder a local date). */
export interface DueReminder {
  at: Date;
  localDay: CalendarDate;
}

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** ISO day of the week of a calendar date (1 = Monday … 7 = Sunday). */
export function isoWeekday(date: CalendarDate): number {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay() || 7;
}

/** The wall clock at `instant` in `zone`, read as if it were UTC (minutes precision). */
function wallClockMs(instant: number, zone: string): number {
  const local = localDateTime(new Date(instant), zone);
  return Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute);
}

const offsetAt = (instant: number, zone: string) => wallClockMs(instant, zone) - instant;

/**
 * The first instant at which the wall clock in `zone` reaches `minuteOfDay` on `date`. A time the
 * clocks skip that day (spring forward) is reached when they jump past it: the next minute that
 * exists. A time they show twice (fall back) is reached at its first showing.
 */
export function firstInstantAtOrAfter(date: CalendarDate, minuteOfDay: number, zone: string): Date {
  const [year, month, day] = date.split('-').map(Number);
  const wanted = Date.UTC(year, month - 1, day, Math.floor(minuteOfDay / 60), minuteOfDay % 60);
  // Any transition near the wanted time changes the offset from one of these to the other.
  const offsets = [...new Set([offsetAt(wanted - DAY_MS, zone), offsetAt(wanted + DAY_MS, zone)])];
  const showings = offsets
    .map((offset) => wanted - offset)
    .filter((instant) => wallClockMs(instant, zone) === wanted);
  if (showings.length > 0) return new Date(Math.min(...showings));
  // Skipped: the clock is before `wanted` until the jump and past it after; find the jump's minute.
  let before = wanted - Math.max(...offsets);
  let after = wanted - Math.min(...offsets);
  while (after - before > MINUTE_MS) {
    const middle = before + Math.floor((after - before) / 2 / MINUTE_MS) * MINUTE_MS;
    if (wallClockMs(middle, zone) >= wanted) after = middle;
    else before = middle;
  }
  return new Date(after);
}

/**
 * The member's next reminder strictly after `after`: the first chosen day whose reminder time comes
 * later, skipping the local dates up to `doneThrough` (the day of the last one sent, so that a
 * change of time or zone never brings a second reminder on a day that had one).
 */
export function nextReminder(
  rule: ReminderRule,
  after: Date,
  doneThrough?: CalendarDate | null,
): DueReminder {
  if (rule.days.length === 0) throw new Error('A reminder needs at least one day of the week');
  // A day earlier than the local date: a first showing late in yesterday's date can still be ahead.
  const start = addDays(toCalendarDate(localDateTime(after, rule.zone)), -1);
  // Nine dates cover any choice of weekdays, from the day before to a week after.
  for (let step = 0; step < 9; step++) {
    const localDay = addDays(start, step);
    if (doneThrough && localDay <= doneThrough) continue;
    if (!rule.days.includes(isoWeekday(localDay))) continue;
    const at = firstInstantAtOrAfter(localDay, rule.minuteOfDay, rule.zone);
    if (at.getTime() > after.getTime()) return { at, localDay };
  }
  // Reached only when `doneThrough` is more than a week ahead (a zone far east, then far west).
  return nextReminder(rule, new Date(after.getTime() + 7 * DAY_MS), doneThrough);
}
