import { describe, expect, it } from 'vitest';
import { streakTone } from './streak-tone';

describe('streakTone', () => {
  it.each([
    [0, 'grey'],
    [1, 'blue'],
    [2, 'blue'],
    [3, 'yellow'],
    [6, 'yellow'],
    [7, 'green'],
    [30, 'green'],
  ] as const)('%i days is %s', (days, tone) => {
    expect(streakTone(days)).toBe(tone);
  });
});
