import { queryOptions } from '@tanstack/react-query';
import { getQueryFn } from '@/lib/api-client';
import { profileKeys } from '@/features/profile/queries';

/** Statistics of spec §3; fields are read defensively because the streaks service may not answer yet. */
export function statisticsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: profileKeys.statistics(userId),
    queryFn: getQueryFn<unknown>(),
  });
}

/** A non-negative whole streak from whatever the statistics call returned, else 0. */
export function readCurrentStreak(statistics: unknown): number {
  if (statistics && typeof statistics === 'object' && 'currentStreak' in statistics) {
    const value = Number(statistics.currentStreak);
    if (Number.isFinite(value) && value > 0) return Math.floor(value);
  }
  return 0;
}
