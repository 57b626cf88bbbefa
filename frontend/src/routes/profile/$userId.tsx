import { createFileRoute } from '@tanstack/react-router';
import { profileSearchSchema } from '@/features/profile/back-link';
import { ProfilePlaceholder } from '@/features/profile/profile-placeholder';

export const Route = createFileRoute('/profile/$userId')({
  validateSearch: profileSearchSchema,
  component: ProfileRoute,
});

function ProfileRoute() {
  const { userId } = Route.useParams();
  const { from } = Route.useSearch();
  return <ProfilePlaceholder userId={userId} from={from} />;
}
