import { queryOptions } from '@tanstack/react-query';
import { fetchAllBadges, fetchProfileBadges } from '@/lib/profile-api';
import { profileKeys } from '@/features/profile/queries';

export const badgeKeys = {
  catalogue: ['/api/badges'] as const,
};

/** Every badge there is (spec §7 `GET /api/badges`); signed in, each carries the viewer's progress. */
export function badgeCatalogueQueryOptions() {
  return queryOptions({
    queryKey: badgeKeys.catalogue,
    queryFn: ({ signal }) => fetchAllBadges({ signal }),
  });
}

/** The badges a member has earned, with earnedAt. Under the profile key, so a new post refreshes it. */
export function profileBadgesQueryOptions(userId: string) {
  return queryOptions({
    queryKey: profileKeys.badges(userId),
    queryFn: ({ signal }) => fetchProfileBadges(userId, { signal }),
  });
}
