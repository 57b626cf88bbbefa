import { createFileRoute } from '@tanstack/react-router';
import { profileSearchSchema } from '@/features/profile/back-link';
import { ProfilePage } from '@/features/profile/profile-page';

export const Route = createFileRoute('/profile/')({
  validateSearch: profileSearchSchema,
  component: OwnProfileRoute,
});

function OwnProfileRoute() {
  const { from } = Route.useSearch();
  return <ProfilePage from={from} />;
}
