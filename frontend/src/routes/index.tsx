import { pages } from '@daybreak/content';
import { createFileRoute } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { HomePage } from '@/features/feed/home-page';
import { feedInfiniteQueryOptions } from '@/features/posts/queries';
import { routeHead } from '@/lib/page-head';
import { idParam, oneOf } from '@/lib/search-params';

interface HomeSearch {
  /** `?post={id}` points at one post of the feed. */
  post?: string;
  /** Set by the gateway when a sign-in did not complete. */
  login?: 'failed';
}

const validateHomeSearch = (search: Record<string, unknown>): HomeSearch => ({
  post: idParam(search.post),
  login: oneOf(['failed'], search.login),
});

export const Route = createFileRoute('/')({
  validateSearch: validateHomeSearch,
  // Start the first page while the route renders; the screen shows skeletons until it lands.
  loader: ({ context }) => {
    void context.queryClient.prefetchInfiniteQuery(feedInfiniteQueryOptions());
  },
  head: () => routeHead(pages.home),
  component: HomeRoute,
});

function HomeRoute() {
  const { post, login } = Route.useSearch();
  const navigate = Route.useNavigate();
  // Kept once read, so the message stays after ?login=failed leaves the address (a reload or a shared
  // link must not show it again). Taken while rendering, not in the effect, so the banner comes with
  // the address that asks for it; the effect drops the parameter at once, so it cannot bring back a
  // banner the member dismissed.
  const [signInFailed, setSignInFailed] = useState(login === 'failed');
  if (login === 'failed' && !signInFailed) setSignInFailed(true);
  useEffect(() => {
    if (login !== 'failed') return;
    void navigate({ search: (prev) => ({ ...prev, login: undefined }), replace: true });
  }, [login, navigate]);

  return (
    <HomePage
      linkedPostId={post}
      // The highlight is over: drop ?post= without adding a history entry.
      onLinkedPostDone={() =>
        void navigate({ search: (prev) => ({ ...prev, post: undefined }), replace: true })
      }
      // Older than the feed's pages we look through: the post's own page shows it.
      onLinkedPostMissing={() =>
        post && void navigate({ to: '/post/$id', params: { id: post }, replace: true })
      }
      signInFailed={signInFailed}
      onSignInFailedDismiss={() => setSignInFailed(false)}
    />
  );
}
