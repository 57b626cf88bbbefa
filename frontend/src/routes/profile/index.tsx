import { pages } from '@daybreak/content';
import { createFileRoute } from '@tanstack/react-router';
import { validateProfileSearch } from '@/features/profile/back-link';
import { ProfilePage } from '@/features/profile/profile-page';
import { routeHead } from '@/lib/page-head';

export const Route = createFileRoute('/profile/')({
  validateSearch: validateProfileSearch,
  head: () => routeHead(pages.ownProfile),
  component: OwnProfileRoute,
});

function OwnProfileRoute() {
  const { from } = Route.useSearch();
  return <ProfilePage from={from} />;
}
