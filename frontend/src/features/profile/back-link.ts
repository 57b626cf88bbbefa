import { z } from 'zod';

/** `/profile?from=` remembers which /following tab opened the profile (spec §2). */
export const profileSearchSchema = z.object({
  from: z.enum(['leaderboard', 'find-people']).optional().catch(undefined),
});

export type ProfileFrom = z.infer<typeof profileSearchSchema>['from'];

export function profileBackLink(from: ProfileFrom): { label: string; to: '/' | '/following' } {
  if (from === 'leaderboard') return { label: 'Back to Leaderboard', to: '/following' };
  if (from === 'find-people') return { label: 'Back to Find People', to: '/following' };
  return { label: 'Back to Feed', to: '/' };
}
