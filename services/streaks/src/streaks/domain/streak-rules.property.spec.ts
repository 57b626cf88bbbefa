import { CalendarDate, addDays, localDateTime, toCalendarDate } from '@daybreak/contracts';
import { wallClock } from '@daybreak/testing';
import fc from 'fast-check';
import { computeStreaks, streakDayOf } from './streak-rules';
import { ZONES, earlyTime, startDate } from './streak.arbitraries';

describe('streak rules (properties)', () => {
  it('N consecutive local mornings in one zone make a current and longest streak of N', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        startDate,
        fc.array(earlyTime, { minLength: 1, maxLength: 40 }),
        (zone, start, times) => {
          const days = times.map((time, i) =>
            streakDayOf(wallClock(`${addDays(start, i)} ${time}`, zone), zone),
          );
          const lastMorning = wallClock(`${addDays(start, times.length - 1)} 12:00`, zone);
          expect(computeStreaks(days, streakDayOf(lastMorning, zone))).toEqual({
            currentStreak: times.length,
            longestStreak: times.length,
          });
        },
      ),
    );
  });

  it('a member travelling between two zones keeps a streak of N for N consecutive local mornings', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.constantFrom(...ZONES),
        startDate,
        // Each morning: where the member is (true: the second zone), and when they post.
        fc.array(fc.tuple(fc.boolean(), earlyTime), { minLength: 1, maxLength: 30 }),
        (home, away, start, mornings) => {
          const zoneOf = (abroad: boolean) => (abroad ? away : home);
          const days = mornings.map(([abroad, time], i) =>
            streakDayOf(wallClock(`${addDays(start, i)} ${time}`, zoneOf(abroad)), zoneOf(abroad)),
          );
          // Judged where they are on the last day, at noon there.
          const [lastAbroad] = mornings[mornings.length - 1];
          const lastZone = zoneOf(lastAbroad);
          const now = wallClock(`${addDays(start, mornings.length - 1)} 12:00`, lastZone);
          expect(computeStreaks(days, streakDayOf(now, lastZone)).currentStreak).toBe(mornings.length);
        },
      ),
    );
  });

  it('one missed morning before a freeze is earned splits the run: longest is the longer part, current the part after it', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        startDate,
        // Under 7 days: a seventh would earn a freeze that keeps the streak (streak-freeze.property.spec.ts).
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 20 }),
        earlyTime,
        (zone, start, before, after, time) => {
          const mornings = [
            ...Array.from({ length: before }, (_, i) => addDays(start, i)),
            ...Array.from({ length: after }, (_, i) => addDays(start, before + 1 + i)),
          ];
          const days = mornings.map((date) => streakDayOf(wallClock(`${date} ${time}`, zone), zone));
          const now = wallClock(`${mornings[mornings.length - 1]} 12:00`, zone);
          expect(computeStreaks(days, streakDayOf(now, zone))).toEqual({
            currentStreak: after,
            longestStreak: Math.max(before, after),
          });
        },
      ),
    );
  });

  it('a streak survives until the next window closes, and is gone the morning after', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), startDate, earlyTime, (zone, date, time) => {
        const day: CalendarDate = streakDayOf(wallClock(`${date} ${time}`, zone), zone);
        const at = (local: string) => streakDayOf(wallClock(local, zone), zone);
        expect(computeStreaks([day], at(`${addDays(date, 1)} 06:29`)).currentStreak).toBe(1);
        expect(computeStreaks([day], at(`${addDays(date, 1)} 06:30`)).currentStreak).toBe(0);
      }),
    );
  });

  it('the streak day of an early post is the local date before it, in every zone', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), startDate, earlyTime, (zone, date, time) => {
        const instant = wallClock(`${date} ${time}`, zone);
        expect(toCalendarDate(localDateTime(instant, zone))).toBe(date);
        expect(streakDayOf(instant, zone)).toBe(addDays(date, -1));
      }),
    );
  });
});
