import { USERS_LIST_LIMIT } from '@daybreak/contracts';
import { queryOptions } from '@tanstack/react-query';
import { fetchUsers, fetchWeeklyLeaderboard } from '@/lib/members-api';
import { fetchStatistics } from '@/lib/profile-api';
import { fetchStreakTest } from '@/lib/test-pages-api';
import { profileKeys } from '@/features/profile/queries';

export const streakKeys = {
  leaderboard: ['/api/following/leaderboard/weekly'] as const,
  /** Per viewer: a board cached for one member is never shown to the next one on this device. */
  leaderboardOf: (viewerId: string) => ['/api/following/leaderboard/weekly', viewerId] as const,
  streakTest: (userId: string, timezone: string) =>
    ['/api/test/streak-calculation', userId, { timezone }] as const,
  /** The streak test's user picker; the same list the find-people tab reads. */
  users: ['/api/users', { limit: USERS_LIST_LIMIT }] as const,
};

/** Statistics of spec §3 (streaks, early post counts, the 30-day calendar). */
export function statisticsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: profileKeys.statistics(userId),
    queryFn: ({ signal }) => fetchStatistics(userId, { signal }),
  });
}

/**
 * The weekly leaderboard. Spec §4: it loads once after login, so it keeps the defaults of §9 (never
 * stale, no refetch on focus). Login and logout are full-page navigations that start a new cache.
 */
export function leaderboardQueryOptions(viewerId: string) {
  return queryOptions({
    queryKey: streakKeys.leaderboardOf(viewerId),
    queryFn: ({ signal }) => fetchWeeklyLeaderboard({ signal }),
  });
}

export function streakTestQueryOptions(userId: string, timezone: string) {
  return queryOptions({
    queryKey: streakKeys.streakTest(userId, timezone),
    queryFn: ({ signal }) => fetchStreakTest(userId, timezone, { signal }),
  });
}

export function usersQueryOptions() {
  return queryOptions({
    queryKey: streakKeys.users,
    queryFn: ({ signal }) => fetchUsers({ signal }),
  });
}
