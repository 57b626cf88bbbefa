/** A wall-clock reading in some time zone. */
export interface LocalDateTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/**
 * Formatters per zone, kept for the life of the process (each costs about 33 KB). Keyed by the
 * runtime's canonical zone name, so the letter-case variants a client may send ("eUrOpE/pArIs") share
 * one entry instead of each adding one that is never freed.
 */
function zoneCache(create: (timeZone: string) => Intl.DateTimeFormat) {
  const cache = new Map<string, Intl.DateTimeFormat>();
  return {
    get(timeZone: string): Intl.DateTimeFormat {
      const cached = cache.get(timeZone);
      if (cached) return cached;
      // Throws a RangeError for a zone the runtime doesn't know. The probe is temporary; only the
      // canonical name's formatter is kept.
      const canonical = new Intl.DateTimeFormat(undefined, { timeZone }).resolvedOptions().timeZone;
      let formatter = cache.get(canonical);
      if (!formatter) {
        formatter = create(canonical);
        cache.set(canonical, formatter);
      }
      return formatter;
    },
    get size(): number {
      return cache.size;
    },
  };
}

const formatters = zoneCache(
  (timeZone) =>
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    }),
);

/** How many zones have a cached formatter (for tests: the cache must not grow per spelling). */
export const cachedTimeZoneCount = (): number => formatters.size;

const formatterFor = (timeZone: string): Intl.DateTimeFormat => formatters.get(timeZone);

/** True for IANA zone names the runtime knows (e.g. `Europe/Paris`, `UTC`); false for anything else. */
export function isValidTimeZone(timeZone: string): boolean {
  if (!timeZone || timeZone.length > 64) return false;
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock time at `instant` in `timeZone` (which must be valid). */
export function localDateTime(instant: Date, timeZone: string): LocalDateTime {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(instant)
      .filter((part) => part.type !== 'literal')
      .map((part) => [part.type, Number(part.value)]),
  );
  return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour, minute: parts.minute };
}

/** A calendar date as `YYYY-MM-DD`; compared and stepped as a date, never as milliseconds. */
export type CalendarDate = string;

export function toCalendarDate(local: Pick<LocalDateTime, 'year' | 'month' | 'day'>): CalendarDate {
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(local.year, 4)}-${pad(local.month)}-${pad(local.day)}`;
}

/** `date` moved by whole days (negative goes back). Pure date arithmetic: DST cannot shift it. */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  const [year, month, day] = date.split('-').map(Number);
  const shifted = new Date(Date.UTC(year, month - 1, day + days));
  return toCalendarDate({
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
  });
}

const wallClockFormatters = zoneCache(
  (timeZone) =>
    new Intl.DateTimeFormat('sv-SE', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }),
);

const formatWallClock = (instant: Date, zone: string): string =>
  wallClockFormatters.get(zone).format(instant);

/**
 * The instant at which the wall clock in `zone` shows `local` (`YYYY-MM-DD HH:mm`), so tests and demo
 * data can say "Ana posts at 05:02 in New York" without hand-computing UTC offsets.
 */
export function instantAtWallClock(local: string, zone: string): Date {
  const [date, time] = local.split(' ');
  const naive = new Date(`${date}T${time}:00Z`).getTime();
  for (let offsetMinutes = -14 * 60; offsetMinutes <= 14 * 60; offsetMinutes += 15) {
    const candidate = new Date(naive - offsetMinutes * 60_000);
    if (formatWallClock(candidate, zone) === local) return candidate;
  }
  throw new Error(`No instant shows ${local} in ${zone} (a skipped DST hour?)`);
}
