import { z } from 'zod';

/** `/profile?from=` remembers which /following tab opened the profile (spec §2). */
export const profileSearchSchema = z.object({
  from: z.enum(['leaderboard', 'find-people']).optional().catch(undefined),
});

export type ProfileFrom = z.infer<typeof profileSearchSchema>['from'];

export interface ProfileBackLink {
  label: string;
  to: '/' | '/following';
  /** The /following tab to reopen. */
  search?: { tab: 'leaderboard' | 'find-people' };
}

export function profileBackLink(from: ProfileFrom): ProfileBackLink {
  if (from === 'leaderboard')
    return { label: 'Back to Leaderboard', to: '/following', search: { tab: 'leaderboard' } };
  if (from === 'find-people')
    return { label: 'Back to Find People', to: '/following', search: { tab: 'find-people' } };
  return { label: 'Back to Feed', to: '/' };
}
