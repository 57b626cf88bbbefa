import { pages } from '@daybreak/content';
import { isUuid } from '@daybreak/contracts';
import { createFileRoute } from '@tanstack/react-router';
import { validateProfileSearch } from '@/features/profile/back-link';
import { profileQueryOptions } from '@/features/profile/queries';
import { ProfilePage } from '@/features/profile/profile-page';
import { routeHead } from '@/lib/page-head';

export const Route = createFileRoute('/profile/$userId')({
  validateSearch: validateProfileSearch,
  // Start the profile while the route renders; the screen shows its skeleton until it lands.
  loader: ({ context, params }) => {
    if (isUuid(params.userId)) void context.queryClient.prefetchQuery(profileQueryOptions(params.userId));
  },
  head: ({ params }) => routeHead(pages.profile(params.userId)),
  component: ProfileRoute,
});

function ProfileRoute() {
  const { userId } = Route.useParams();
  const { from } = Route.useSearch();
  return <ProfilePage userId={userId} from={from} />;
}
