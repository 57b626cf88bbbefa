import { createFileRoute } from '@tanstack/react-router';
import { profileSearchSchema } from '@/features/profile/back-link';
import { ProfilePlaceholder } from '@/features/profile/profile-placeholder';

export const Route = createFileRoute('/profile/')({
  validateSearch: profileSearchSchema,
  component: OwnProfileRoute,
});

function OwnProfileRoute() {
  const { from } = Route.useSearch();
  return <ProfilePlaceholder from={from} />;
}
