import { CalendarDate, addDays } from '@daybreak/contracts';
import { wallClock } from '@daybreak/testing';
import fc from 'fast-check';
import { MAX_FREEZES_HELD, walkStreak } from './streak-freeze';
import { frozenDaysBetween, longestOfIslands, streakAtPeriod, streakIslands } from './streak-islands';
import { activityCalendar, streakDayOf } from './streak-rules';
import { ZONES, earlyTime, startDate } from './streak.arbitraries';

/** A history: which of 80 periods from a start date had an early post (mostly yes, with gaps). */
const history = fc
  .tuple(startDate, fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 1, maxLength: 80 }))
  .map(([start, dice]) => ({
    start,
    days: dice.flatMap((die, i) => (die >= 2 ? [addDays(start, i)] : [])),
    span: dice.length,
  }));

/** Every current period from the history's start to a few periods after it. */
const periodsOf = ({ start, span }: { start: CalendarDate; span: number }) =>
  Array.from({ length: span + 4 }, (_, i) => addDays(start, i));

describe('streak freezes (properties)', () => {
  it('never uses a freeze while none is held, and never holds more than 2', () => {
    fc.assert(
      fc.property(history, (h) => {
        for (const period of periodsOf(h)) {
          const now = walkStreak(h.days, period);
          const next = walkStreak(h.days, addDays(period, 1));
          expect(now.freezesHeld).toBeGreaterThanOrEqual(0);
          expect(now.freezesHeld).toBeLessThanOrEqual(MAX_FREEZES_HELD);
          expect(now.freezesEarned - now.freezesUsed).toBeGreaterThanOrEqual(now.freezesHeld);
          // The period that just closed was frozen only if a freeze was held while it was open.
          if (next.frozenDays.includes(period)) expect(now.freezesHeld).toBeGreaterThan(0);
          if (next.freezesUsed > now.freezesUsed) expect(next.frozenDays).toContain(period);
        }
      }),
    );
  });

  it('5am and 6am counts never include a frozen day: the calendar counts exactly the early days', () => {
    fc.assert(
      fc.property(history, fc.array(fc.boolean(), { minLength: 80, maxLength: 80 }), (h, fiveAm) => {
        const early = h.days.map((day, i) => ({ day, classification: fiveAm[i] ? '5am' : '6am' }) as const);
        for (const period of periodsOf(h)) {
          const { frozenDays } = walkStreak(h.days, period);
          expect(frozenDays.filter((day) => h.days.includes(day))).toEqual([]);
          const calendar = activityCalendar(early, h.days, period, 30, frozenDays);
          const inWindow = early.filter(({ day }) => day > addDays(period, -30) && day <= period);
          const count = (type: string) => calendar.filter((d) => d.activityType === type).length;
          expect(count('5am')).toBe(inWindow.filter((d) => d.classification === '5am').length);
          expect(count('6am')).toBe(inWindow.filter((d) => d.classification === '6am').length);
          expect(count('frozen')).toBe(frozenDays.filter((day) => day > addDays(period, -30)).length);
        }
      }),
    );
  });

  it('the islands streak_runs keeps give exactly what the walk gives, at any period (a zone ahead too)', () => {
    fc.assert(
      fc.property(history, (h) => {
        const islands = streakIslands(h.days);
        expect(longestOfIslands(islands)).toBe(walkStreak(h.days, h.start).longestStreak);
        for (const period of periodsOf(h)) {
          const walk = walkStreak(h.days, period);
          const latest = islands.filter((island) => island.firstDay <= period).at(-1) ?? null;
          const first = addDays(period, -29);
          const overlapping = islands.filter(
            (island) => island.lastDay >= addDays(first, -MAX_FREEZES_HELD) && island.firstDay <= period,
          );
          expect(streakAtPeriod(latest, period)).toMatchObject({
            currentStreak: walk.currentStreak,
            freezesHeld: walk.freezesHeld,
          });
          expect(frozenDaysBetween(overlapping, latest, first, period)).toEqual(
            walk.frozenDays.filter((day) => day >= first),
          );
        }
      }),
    );
  });

  it('7·k consecutive mornings earn min(k, 2) freezes; a missed morning then uses one and keeps the streak without adding to it', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        startDate,
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 10 }),
        earlyTime,
        (zone, start, weeks, after, time) => {
          const before = 7 * weeks;
          const mornings = [
            ...Array.from({ length: before }, (_, i) => addDays(start, i)),
            ...Array.from({ length: after }, (_, i) => addDays(start, before + 1 + i)),
          ];
          const days = mornings.map((date) => streakDayOf(wallClock(`${date} ${time}`, zone), zone));
          const atBefore = walkStreak(days.slice(0, before), days[before - 1]);
          expect(atBefore.freezesHeld).toBe(Math.min(weeks, MAX_FREEZES_HELD));
          const now = wallClock(`${mornings[mornings.length - 1]} 12:00`, zone);
          const walk = walkStreak(days, streakDayOf(now, zone));
          expect(walk.currentStreak).toBe(before + after);
          expect(walk.freezesUsed).toBe(1);
          expect(walk.frozenDays).toEqual([addDays(days[before - 1], 1)]);
        },
      ),
    );
  });

  it('a member travelling between two zones keeps a frozen streak: one missed morning after a week, across DST', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.constantFrom(...ZONES),
        startDate,
        fc.array(fc.tuple(fc.boolean(), earlyTime), { minLength: 9, maxLength: 30 }),
        (home, away, start, mornings) => {
          const zoneOf = (abroad: boolean) => (abroad ? away : home);
          // The eighth morning is missed: the seventh earned the freeze it uses.
          const posted = mornings.flatMap(([abroad, time], i) =>
            i === 7
              ? []
              : [streakDayOf(wallClock(`${addDays(start, i)} ${time}`, zoneOf(abroad)), zoneOf(abroad))],
          );
          const [lastAbroad] = mornings[mornings.length - 1];
          const lastZone = zoneOf(lastAbroad);
          const now = wallClock(`${addDays(start, mornings.length - 1)} 12:00`, lastZone);
          const walk = walkStreak(posted, streakDayOf(now, lastZone));
          expect(walk.currentStreak).toBe(mornings.length - 1);
          expect(walk.freezesUsed).toBe(1);
        },
      ),
    );
  });

  it('two missed mornings with one freeze held end the streak, and nothing is held after', () => {
    const days = Array.from({ length: 7 }, (_, i) => addDays('2026-03-01', i));
    const walk = walkStreak(days, '2026-03-10');
    expect(walk).toMatchObject({ currentStreak: 0, freezesHeld: 0, freezesUsed: 1, longestStreak: 7 });
    expect(walkStreak(days, '2026-03-09')).toMatchObject({ currentStreak: 7, freezesHeld: 0 });
  });
});
