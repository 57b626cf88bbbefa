import { describe, expect, it } from 'vitest';
import {
  classifyMorningActivity,
  dateFormat,
  formatRelativeCoarse,
  formatRelativeShort,
  hourIn,
  isEarlyBirdHour,
} from './time';

const now = new Date('2025-03-10T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('formatRelativeShort', () => {
  it.each([
    [0, 'now'],
    [59 * SECOND, 'now'],
    [MINUTE, '1m'],
    [59 * MINUTE + 59 * SECOND, '59m'],
    [HOUR, '1h'],
    [23 * HOUR + 59 * MINUTE, '23h'],
    [DAY, '1d'],
    [9 * DAY + 5 * HOUR, '9d'],
  ])('%i ms ago → %s', (elapsed, expected) => {
    expect(formatRelativeShort(ago(elapsed), now)).toBe(expected);
  });

  it('never shows the future when the device clock lags the server', () => {
    expect(formatRelativeShort(new Date(now.getTime() + 5 * MINUTE), now)).toBe('now');
  });
});

describe('formatRelativeCoarse', () => {
  it.each([
    [30 * MINUTE, 'Just now'],
    [59 * MINUTE, 'Just now'],
    [HOUR, '1h ago'],
    [23 * HOUR, '23h ago'],
    [3 * DAY, '3d ago'],
  ])('%i ms ago → %s', (elapsed, expected) => {
    expect(formatRelativeCoarse(ago(elapsed), now)).toBe(expected);
  });
});

describe('classifyMorningActivity', () => {
  it.each([
    [0, 'early_bird'],
    [4, 'early_bird'],
    [5, 'early_bird'],
    [6, 'morning_warrior'],
    [7, 'regular'],
    [18, 'regular'],
  ] as const)('hour %i → %s', (hour, expected) => {
    expect(classifyMorningActivity(hour)).toBe(expected);
  });
});

describe('isEarlyBirdHour', () => {
  it('is true for local hours 5, 6 and 7 only', () => {
    expect([4, 5, 6, 7, 8].map(isEarlyBirdHour)).toEqual([false, true, true, true, false]);
  });
});

describe('hourIn', () => {
  it("reads the hour on the post's own wall clock", () => {
    expect(hourIn('2025-03-10T10:15:00.000Z', 'America/New_York')).toBe(6);
    expect(hourIn('2025-03-10T10:15:00.000Z', 'Asia/Tokyo')).toBe(19);
  });

  it('falls back to the device clock for an unknown zone', () => {
    const instant = new Date('2025-03-10T10:15:00.000Z');
    expect(hourIn(instant, 'Mars/Olympus_Mons')).toBe(instant.getHours());
  });
});

describe('dateFormat', () => {
  it('makes one formatter per locale and options and hands the same one out again', () => {
    const options = { timeZone: 'Asia/Tokyo', hour: 'numeric', hourCycle: 'h23' } as const;
    expect(dateFormat('en-US', { ...options })).toBe(dateFormat('en-US', options));
    expect(dateFormat('en-US', { ...options, timeZone: 'UTC' })).not.toBe(dateFormat('en-US', options));
    expect(dateFormat('de-DE', options)).not.toBe(dateFormat('en-US', options));
  });

  it('refuses an unknown time zone as Intl does, and remembers nothing for it', () => {
    expect(() => dateFormat('en-US', { timeZone: 'Mars/Olympus_Mons' })).toThrow(RangeError);
    expect(() => dateFormat('en-US', { timeZone: 'Mars/Olympus_Mons' })).toThrow(RangeError);
  });
});
