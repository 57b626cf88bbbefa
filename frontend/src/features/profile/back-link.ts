import { FOLLOWING_TABS, oneOf, type FollowingTab } from '@/lib/search-params';

export type ProfileFrom = FollowingTab | undefined;

/** `/profile?from=` remembers which /following tab opened the profile (spec §2). */
export const validateProfileSearch = (search: Record<string, unknown>): { from?: FollowingTab } => ({
  from: oneOf(FOLLOWING_TABS, search.from),
});

export interface ProfileBackLink {
  label: string;
  to: '/' | '/following';
  /** The /following tab to reopen. */
  search?: { tab: FollowingTab };
}

export function profileBackLink(from: ProfileFrom): ProfileBackLink {
  if (from === 'leaderboard')
    return { label: 'Back to Leaderboard', to: '/following', search: { tab: 'leaderboard' } };
  if (from === 'find-people')
    return { label: 'Back to Find People', to: '/following', search: { tab: 'find-people' } };
  return { label: 'Back to Feed', to: '/' };
}
