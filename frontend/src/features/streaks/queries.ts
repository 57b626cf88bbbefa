import { queryOptions } from '@tanstack/react-query';
import { fetchStatistics } from '@/lib/api';
import { profileKeys } from '@/features/profile/queries';

/** Statistics of spec §3 (streaks, early post counts, the 30-day calendar). */
export function statisticsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: profileKeys.statistics(userId),
    queryFn: ({ signal }) => fetchStatistics(userId, { signal }),
  });
}
