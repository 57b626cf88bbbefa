import type { CurrentUser } from '@daybreak/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { authKeys } from '@/features/auth/queries';
import { trackEvent } from '@/lib/analytics';
import { statisticsQueryOptions } from './queries';

/** The viewer's current streak as it was before a post; null when signed out or unknown. */
export interface StreakBefore {
  userId: string;
  streak: Promise<number | null>;
}

async function currentStreak(queryClient: QueryClient, userId: string): Promise<number | null> {
  try {
    // Cached statistics serve unless a change invalidated them; then this asks the server again.
    return (await queryClient.fetchQuery(statisticsQueryOptions(userId))).currentStreak;
  } catch {
    return null; // the streaks service is down: no streak event rather than a wrong one
  }
}

/**
 * Reads the streak before a post is sent. It does not wait, so posting is never held up by the streaks
 * service; the read starts before the post request, so it sees the streak without the new post.
 */
export function readStreakBeforePost(queryClient: QueryClient): StreakBefore | null {
  const viewer = queryClient.getQueryData<CurrentUser | null>(authKeys.user);
  if (!viewer) return null;
  return { userId: viewer.id, streak: currentStreak(queryClient, viewer.id) };
}

/**
 * After a post (and after its profile data was invalidated): records `streak_achieved` when the current
 * streak grew (spec §7 analytics).
 */
export async function trackStreakGrowth(
  queryClient: QueryClient,
  before: StreakBefore | null,
): Promise<void> {
  if (!before) return;
  const [previous, now] = await Promise.all([before.streak, currentStreak(queryClient, before.userId)]);
  if (previous === null || now === null || now <= previous) return;
  trackEvent('streak_achieved', { streak: now, previous_streak: previous });
}
