import type { Badge, LeaderboardEntry, WeekDayActivity } from '@daybreak/contracts';

let sequence = 0;

export function fakeBadge(overrides: Partial<Badge> = {}): Badge {
  const id = `badge-${++sequence}`;
  return {
    id,
    name: `Badge ${sequence}`,
    description: 'Earned by rising early.',
    icon: '🌅',
    emoji: '🌅',
    category: 'milestone',
    requirement: 5,
    requirementType: '5am_posts',
    earnedAt: null,
    progress: 0,
    target: 5,
    ...overrides,
  };
}

const days = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** A Monday-to-Sunday week from a string like '55 6   ' (5 = 5am, 6 = 6am, anything else none). */
export function fakeWeek(pattern = '       '): WeekDayActivity[] {
  return days.map((dayName, index) => {
    const mark = pattern[index];
    return {
      date: `2026-11-${String(16 + index).padStart(2, '0')}`,
      dayName,
      activityType: mark === '5' ? '5am' : mark === '6' ? '6am' : 'none',
    };
  });
}

export function fakeLeaderboardEntry(overrides: Partial<LeaderboardEntry> = {}): LeaderboardEntry {
  return {
    id: `member-${++sequence}`,
    isCurrentUser: false,
    profileName: null,
    firstName: 'Ben',
    lastName: 'Dawn',
    email: 'ben@example.com',
    profileImageUrl: null,
    fiveAmDaysThisWeek: 0,
    sixAmDaysThisWeek: 0,
    currentStreak: 0,
    weeklyData: fakeWeek(),
    ...overrides,
  };
}
