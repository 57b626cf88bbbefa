import { localDateTime, toCalendarDate } from '@daybreak/contracts';
import fc from 'fast-check';
import { isoWeekday, nextReminder } from './next-due';

/** DST zones in both hemispheres, a half-hour DST (Lord Howe), odd offsets, both ends of the clock. */
const ZONES = [
  'Europe/Paris',
  'America/New_York',
  'Australia/Sydney',
  'Australia/Lord_Howe',
  'Asia/Kathmandu',
  'Pacific/Kiritimati',
  'Pacific/Pago_Pago',
] as const;

const MINUTE = 60_000;
/** Instants over three years, so the walks cross every DST change of these zones. */
const instant = fc
  .integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2028, 0, 1) })
  .map((ms) => new Date(ms));
const days = fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 });
const wallMinute = (at: Date, zone: string) => {
  const local = localDateTime(at, zone);
  return local.hour * 60 + local.minute;
};

describe('nextReminder (properties)', () => {
  it('is ahead, on a chosen day, at the chosen minute or, when the clocks skip it, the first minute after', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        instant,
        fc.integer({ min: 0, max: 1439 }),
        days,
        (zone, after, minuteOfDay, chosen) => {
          const next = nextReminder({ minuteOfDay, days: chosen, zone }, after);
          expect(next.at.getTime()).toBeGreaterThan(after.getTime());
          expect(next.at.getTime() - after.getTime()).toBeLessThanOrEqual(8 * 24 * 60 * MINUTE);
          expect(chosen).toContain(isoWeekday(next.localDay));
          expect(toCalendarDate(localDateTime(next.at, zone))).toBe(next.localDay);
          const shown = wallMinute(next.at, zone);
          if (shown !== minuteOfDay) {
            // Skipped: the minute before showed an earlier time, and this one a later one.
            expect(shown).toBeGreaterThan(minuteOfDay);
            expect(wallMinute(new Date(next.at.getTime() - MINUTE), zone)).toBeLessThan(minuteOfDay);
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('walking from one reminder to the next gives one per chosen local date, never two', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        instant,
        fc.integer({ min: 0, max: 1439 }),
        days,
        (zone, start, minuteOfDay, chosen) => {
          const dates: string[] = [];
          let after = start;
          for (let step = 0; step < 30; step++) {
            const next = nextReminder({ minuteOfDay, days: chosen, zone }, after);
            dates.push(next.localDay);
            after = next.at;
          }
          expect(new Set(dates).size).toBe(dates.length);
          expect([...dates].sort()).toEqual(dates);
        },
      ),
      { numRuns: 100 },
    );
  });
});
