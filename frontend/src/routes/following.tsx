import { pages } from '@daybreak/content';
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { FollowingPage } from '@/features/social/following-page';
import { routeHead } from '@/lib/page-head';

/** `?tab=` keeps the open tab in the address, so a profile's back link can reopen FIND PEOPLE. */
const followingSearchSchema = z.object({
  tab: z.enum(['leaderboard', 'find-people']).optional().catch(undefined),
});

export const Route = createFileRoute('/following')({
  head: () => routeHead(pages.following),
  validateSearch: followingSearchSchema,
  component: FollowingRoute,
});

function FollowingRoute() {
  const { tab } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <FollowingPage
      tab={tab ?? 'leaderboard'}
      onTabChange={(next) => void navigate({ search: { tab: next }, replace: true })}
    />
  );
}
