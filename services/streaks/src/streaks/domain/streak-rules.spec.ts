import { addDays, localDateTime } from '@daybreak/contracts';
import { wallClock } from '@daybreak/testing';
import { activityCalendar, computeStreaks, streakDayOf } from './streak-rules';

describe('streakDayOf', () => {
  it('counts a post before 06:30 toward the previous day', () => {
    // 05:10 in New York on 2026-03-03 (EST, UTC−5)
    expect(streakDayOf(new Date('2026-03-03T10:10:00Z'), 'America/New_York')).toBe('2026-03-02');
  });

  it('counts a post at or after 06:30 toward the same day', () => {
    expect(streakDayOf(new Date('2026-03-03T11:30:00Z'), 'America/New_York')).toBe('2026-03-03');
    expect(streakDayOf(new Date('2026-03-03T11:29:00Z'), 'America/New_York')).toBe('2026-03-02');
  });

  it('uses wall time across the spring-forward change (New York, 2026-03-08, UTC−4 after 02:00)', () => {
    // 05:00 EDT on 03-08 and 05:00 EST on 03-07: consecutive periods despite the 23-hour day.
    expect(streakDayOf(new Date('2026-03-08T09:00:00Z'), 'America/New_York')).toBe('2026-03-07');
    expect(streakDayOf(new Date('2026-03-07T10:00:00Z'), 'America/New_York')).toBe('2026-03-06');
  });

  it('uses wall time across the fall-back change (London, 2026-10-25)', () => {
    expect(streakDayOf(new Date('2026-10-25T05:00:00Z'), 'Europe/London')).toBe('2026-10-24'); // 05:00 GMT
    expect(streakDayOf(new Date('2026-10-24T04:00:00Z'), 'Europe/London')).toBe('2026-10-23'); // 05:00 BST
  });

  it('puts one instant in different periods for far-apart zones', () => {
    const instant = new Date('2026-05-01T19:00:00Z');
    expect(streakDayOf(instant, 'Asia/Tokyo')).toBe('2026-05-01'); // 04:00 on 05-02 → previous day
    expect(streakDayOf(instant, 'America/Los_Angeles')).toBe('2026-05-01'); // 12:00 on 05-01
    expect(streakDayOf(instant, 'Pacific/Kiritimati')).toBe('2026-05-02'); // 09:00 on 05-02
  });

  it('never skips or repeats a period across a whole year of daily 05:00 posts (property)', () => {
    for (const zone of ['America/New_York', 'Europe/London', 'Australia/Sydney', 'Asia/Kolkata']) {
      let previous: string | null = null;
      for (let day = 0; day < 366; day++) {
        const date = addDays('2026-01-01', day);
        const instant = wallClock(`${date} 05:00`, zone);
        const period = streakDayOf(instant, zone);
        if (previous) expect(period).toBe(addDays(previous, 1));
        previous = period;
      }
    }
  });

  it('puts a whole quarter hour in one period in every zone: each offset is whole quarter hours (ADR 0018)', () => {
    const QUARTER_HOUR_MS = 15 * 60_000;
    const odd: string[] = [];
    for (const zone of Intl.supportedValuesOf('timeZone'))
      // Through 2026 in steps of 3 days and an hour: each zone's offsets in winter and in summer.
      for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 73 * 3_600_000) {
        const local = localDateTime(new Date(t), zone);
        const offset = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute) - t;
        if (offset % QUARTER_HOUR_MS !== 0) odd.push(`${zone} ${new Date(t).toISOString()}`);
      }
    expect(odd).toEqual([]);
  });
});

describe('computeStreaks', () => {
  it('is zero with no activity', () => {
    expect(computeStreaks([], '2026-03-10')).toEqual({ currentStreak: 0, longestStreak: 0 });
  });

  it('counts a run ending at the current period', () => {
    expect(computeStreaks(['2026-03-08', '2026-03-09', '2026-03-10'], '2026-03-10')).toEqual({
      currentStreak: 3,
      longestStreak: 3,
    });
  });

  it('keeps a run ending at the previous period alive', () => {
    expect(computeStreaks(['2026-03-08', '2026-03-09'], '2026-03-10').currentStreak).toBe(2);
  });

  it('breaks the current streak after a missed period but remembers the longest', () => {
    const days = ['2026-02-01', '2026-02-02', '2026-02-03', '2026-02-04', '2026-03-07', '2026-03-08'];
    expect(computeStreaks(days, '2026-03-11')).toEqual({ currentStreak: 0, longestStreak: 4 });
  });

  it('ignores duplicates and order, and runs across month and year ends', () => {
    const days = ['2026-01-01', '2025-12-31', '2025-12-30', '2026-01-01'];
    expect(computeStreaks(days, '2026-01-02')).toEqual({ currentStreak: 3, longestStreak: 3 });
  });
});

describe('activityCalendar', () => {
  it('covers the last N periods oldest first, 5am over 6am over any', () => {
    const calendar = activityCalendar(
      [
        { day: '2026-03-09', classification: '6am' },
        { day: '2026-03-09', classification: '5am' },
        { day: '2026-03-10', classification: '6am' },
      ],
      ['2026-03-08', '2026-03-09', '2026-03-10'],
      '2026-03-10',
      4,
    );
    expect(calendar).toEqual([
      { date: '2026-03-07', activityType: 'none' },
      { date: '2026-03-08', activityType: 'any' },
      { date: '2026-03-09', activityType: '5am' },
      { date: '2026-03-10', activityType: '6am' },
    ]);
  });

  it('has 30 entries by default', () => {
    expect(activityCalendar([], [], '2026-01-31')).toHaveLength(30);
  });
});
