import type { LeaderboardEntry } from '@daybreak/contracts';
import { wallClock } from '@daybreak/testing';
import { countDays, rankLeaderboard, weekAt, weeklyActivity } from './weekly-leaderboard';

describe('weekAt', () => {
  it('runs Monday to Sunday of the viewer’s local calendar', () => {
    // 2026-03-11 is a Wednesday.
    expect(weekAt(wallClock('2026-03-11 12:00', 'Europe/Paris'), 'Europe/Paris')).toEqual([
      '2026-03-09',
      '2026-03-10',
      '2026-03-11',
      '2026-03-12',
      '2026-03-13',
      '2026-03-14',
      '2026-03-15',
    ]);
  });

  it('turns over at Monday 00:00 on the viewer’s clock: Sunday 23:59 is still the old week', () => {
    const zone = 'America/New_York';
    expect(weekAt(wallClock('2026-03-15 23:59', zone), zone)[0]).toBe('2026-03-09');
    expect(weekAt(wallClock('2026-03-16 00:00', zone), zone)[0]).toBe('2026-03-16');
  });

  it('judges one instant by the viewer’s zone: Monday in Tokyo while Sunday in New York', () => {
    const instant = wallClock('2026-03-16 09:00', 'Asia/Tokyo'); // Sunday 20:00 in New York
    expect(weekAt(instant, 'Asia/Tokyo')[0]).toBe('2026-03-16');
    expect(weekAt(instant, 'America/New_York')[0]).toBe('2026-03-09');
  });

  it('has seven days across a DST change', () => {
    const week = weekAt(wallClock('2026-03-08 12:00', 'America/New_York'), 'America/New_York');
    expect(week).toEqual([
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
    ]);
  });
});

describe('weeklyActivity', () => {
  const week = weekAt(wallClock('2026-03-11 12:00', 'UTC'), 'UTC');

  it('counts each day once, 5am before 6am, and ignores days outside the week', () => {
    const data = weeklyActivity(week, [
      { day: '2026-03-09', classification: '6am' },
      { day: '2026-03-09', classification: '5am' },
      { day: '2026-03-09', classification: '6am' },
      { day: '2026-03-10', classification: '6am' },
      { day: '2026-03-10', classification: '6am' },
      { day: '2026-03-08', classification: '5am' }, // last Sunday
      { day: '2026-03-16', classification: '5am' }, // next Monday
    ]);
    expect(data.map((d) => [d.dayName, d.activityType])).toEqual([
      ['Mon', '5am'],
      ['Tue', '6am'],
      ['Wed', 'none'],
      ['Thu', 'none'],
      ['Fri', 'none'],
      ['Sat', 'none'],
      ['Sun', 'none'],
    ]);
    expect([countDays(data, '5am'), countDays(data, '6am')]).toEqual([1, 1]);
  });

  it('places a followed member’s morning on their own local date, matched to the viewer’s week', () => {
    // The viewer is in New York on Sunday evening; a Tokyo member's Monday 05:00 post is next week.
    const nyWeek = weekAt(wallClock('2026-03-15 20:00', 'America/New_York'), 'America/New_York');
    const data = weeklyActivity(nyWeek, [{ day: '2026-03-16', classification: '5am' }]);
    expect(countDays(data, '5am')).toBe(0);
  });
});

describe('rankLeaderboard', () => {
  const entry = (id: string, five: number, six: number, streak: number, name = id): LeaderboardEntry => ({
    id,
    isCurrentUser: false,
    profileName: name,
    firstName: null,
    lastName: null,
    email: null,
    profileImageUrl: null,
    fiveAmDaysThisWeek: five,
    sixAmDaysThisWeek: six,
    currentStreak: streak,
    weeklyData: [],
  });
  const order = (entries: LeaderboardEntry[]) => rankLeaderboard(entries).map((e) => e.id);

  it('ranks by 5am days first, whatever the 6am days', () => {
    expect(order([entry('a', 1, 6, 9), entry('b', 2, 0, 0)])).toEqual(['b', 'a']);
  });

  it('breaks a 5am tie by 6am days, then by current streak', () => {
    expect(order([entry('a', 2, 1, 9), entry('b', 2, 3, 0), entry('c', 2, 1, 12)])).toEqual(['b', 'c', 'a']);
  });

  it('orders a full tie by display name, so it is stable', () => {
    expect(order([entry('x', 1, 1, 1, 'Zoe'), entry('y', 1, 1, 1, 'Ana')])).toEqual(['y', 'x']);
  });
});
