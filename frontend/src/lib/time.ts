/**
 * Time rules the screens share. Everything takes `now` as a parameter so tests pin the clock instead of
 * mocking Date globally.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * One date formatter per locale and options, made on first use and kept: making an Intl formatter
 * costs far more than using one, and `toLocaleString` with options or `new Intl.DateTimeFormat` makes
 * one each call (e.g. `hourIn` for every post card at every render).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** A shared `Intl.DateTimeFormat`; throws as its constructor does (an unknown time zone). */
export function dateFormat(
  locale: string | undefined,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, format);
  }
  return format;
}

function elapsed(date: Date | string, now: Date): number {
  const then = typeof date === 'string' ? new Date(date) : date;
  // A clock a little ahead of the server's must not produce "in 2m" or negative numbers.
  return Math.max(0, now.getTime() - then.getTime());
}

/** Spec §9 (side panel, post cards): 'now' under a minute, then `Nm`, `Nh` under 24 h, then `Nd`. */
export function formatRelativeShort(date: Date | string, now: Date = new Date()): string {
  const ms = elapsed(date, now);
  if (ms < MINUTE) return 'now';
  if (ms < HOUR) return `${Math.floor(ms / MINUTE)}m`;
  if (ms < DAY) return `${Math.floor(ms / HOUR)}h`;
  return `${Math.floor(ms / DAY)}d`;
}

/** Spec §9 (notifications screen): 'Just now' under an hour, hours under 24 h, else days. */
export function formatRelativeCoarse(date: Date | string, now: Date = new Date()): string {
  const ms = elapsed(date, now);
  if (ms < HOUR) return 'Just now';
  if (ms < DAY) return `${Math.floor(ms / HOUR)}h ago`;
  return `${Math.floor(ms / DAY)}d ago`;
}

/** The IANA zone of this device; posts carry it so the server classifies them in the author's wall time. */
export function browserTimezone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * The hour (0–23) of `date` on the wall clock of `timeZone`, or of this device when no zone is given
 * or the zone is unknown to the browser.
 */
export function hourIn(date: Date | string, timeZone?: string | null): number {
  const instant = typeof date === 'string' ? new Date(date) : date;
  if (timeZone) {
    try {
      const hour = dateFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' })
        .formatToParts(instant)
        .find((part) => part.type === 'hour')?.value;
      if (hour !== undefined) return Number(hour) % 24;
    } catch {
      // Unknown zone name: fall through to the device clock rather than hide the post.
    }
  }
  return instant.getHours();
}

/** Spec §4/§9: the early-bird window is local hour 5 to 7 (inclusive). */
export function isEarlyBirdHour(hour: number): boolean {
  return hour >= 5 && hour <= 7;
}

export type MorningActivity = 'early_bird' | 'morning_warrior' | 'regular';

/** Spec §7: early_bird at hour 5 or earlier, morning_warrior at 6 or earlier, otherwise regular. */
export function classifyMorningActivity(hour: number): MorningActivity {
  if (hour <= 5) return 'early_bird';
  if (hour <= 6) return 'morning_warrior';
  return 'regular';
}

/** Clock text for the greeting, e.g. '5:07 AM', on this device's clock or in `timeZone`. */
export function formatClock(date: Date, timeZone?: string): string {
  return dateFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone }).format(date);
}

/** Morning, afternoon or evening, for the member greeting. */
export function partOfDay(hour: number): 'morning' | 'afternoon' | 'evening' {
  if (hour < 12) return 'morning';
  if (hour < 18) return 'afternoon';
  return 'evening';
}
