import { pages } from '@daybreak/content';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { InvitePage } from '@/features/invites/invite-page';
import { inviteQueryOptions } from '@/features/invites/queries';
import { routeHead } from '@/lib/page-head';

export const Route = createFileRoute('/invite/$code')({
  // Spec §5: a blank code is no code; send the visitor to the feed.
  beforeLoad: ({ params }) => {
    if (!params.code.trim()) throw redirect({ to: '/', replace: true });
  },
  // Started with the route, not on the screen's mount: the server's render waits for it (ADR 0032),
  // and in the browser it starts with the route's code instead of after it.
  loader: ({ context: { queryClient }, params }) => {
    void queryClient.prefetchQuery(inviteQueryOptions(params.code));
  },
  head: ({ params }) => routeHead(pages.invite(params.code)),
  component: InviteRoute,
});

function InviteRoute() {
  const { code } = Route.useParams();
  return <InvitePage key={code} code={code} />;
}
