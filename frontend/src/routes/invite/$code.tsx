import { pages } from '@daybreak/content';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { InvitePage } from '@/features/invites/invite-page';
import { routeHead } from '@/lib/page-head';

export const Route = createFileRoute('/invite/$code')({
  // Spec §5: a blank code is no code; send the visitor to the feed.
  beforeLoad: ({ params }) => {
    if (!params.code.trim()) throw redirect({ to: '/', replace: true });
  },
  head: ({ params }) => routeHead(pages.invite(params.code)),
  component: InviteRoute,
});

function InviteRoute() {
  const { code } = Route.useParams();
  return <InvitePage key={code} code={code} />;
}
