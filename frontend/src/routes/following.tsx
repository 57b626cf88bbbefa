import { pages } from '@daybreak/content';
import { createFileRoute } from '@tanstack/react-router';
import { FollowingPage } from '@/features/social/following-page';
import { routeHead } from '@/lib/page-head';
import { FOLLOWING_TABS, oneOf, type FollowingTab } from '@/lib/search-params';

/** `?tab=` keeps the open tab in the address, so a profile's back link can reopen FIND PEOPLE. */
const validateFollowingSearch = (search: Record<string, unknown>): { tab?: FollowingTab } => ({
  tab: oneOf(FOLLOWING_TABS, search.tab),
});

export const Route = createFileRoute('/following')({
  validateSearch: validateFollowingSearch,
  head: () => routeHead(pages.following),
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
