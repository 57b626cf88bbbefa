import { describe, expect, it } from 'vitest';
import { readCurrentStreak } from './queries';

describe('readCurrentStreak', () => {
  it('reads currentStreak from statistics', () => {
    expect(readCurrentStreak({ currentStreak: 7, longestStreak: 9 })).toBe(7);
  });

  it('reads a missing, malformed or failed answer as 0', () => {
    expect(readCurrentStreak(undefined)).toBe(0);
    expect(readCurrentStreak(null)).toBe(0);
    expect(readCurrentStreak({})).toBe(0);
    expect(readCurrentStreak({ currentStreak: 'lots' })).toBe(0);
    expect(readCurrentStreak({ currentStreak: -2 })).toBe(0);
  });
});
