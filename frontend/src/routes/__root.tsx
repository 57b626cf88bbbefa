import { sitePage } from '@daybreak/content';
import { HeadContent, Outlet, createRootRouteWithContext, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { AppShell } from '@/components/layout/app-shell';
import { FullScreenSpinner } from '@/components/layout/full-screen-spinner';
import { NotFound } from '@/components/layout/not-found';
import { DeferredToaster } from '@/components/ui/deferred-toaster';
import { waitsForSessionCheck } from '@/features/auth/queries';
import { useAuth } from '@/features/auth/use-auth';
import { useSignInTracking } from '@/features/auth/sign-in-tracking';
import { useSessionSync } from '@/features/auth/use-session-sync';
import { trackPageView } from '@/lib/analytics';
import type { RouterContext } from '@/router';

/** The server render (entry-server.tsx) has no document. */
const IS_SERVER = typeof document === 'undefined';

export const Route = createRootRouteWithContext<RouterContext>()({
  // Only a title and description for screens without a route of their own (the 404): every route
  // gives its full set (spec §3). Anything more here would leak into routes that leave it out.
  head: () => {
    const site = sitePage('/');
    return { meta: [{ title: site.title }, { name: 'description', content: site.description }] };
  },
  component: RootLayout,
  notFoundComponent: NotFound,
});

function RootLayout() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const { isLoading, isAuthenticated, user } = useAuth();

  // Before the sign-in tracking: the first render may already know the member (main.tsx renders once
  // the session check has answered), and effects run in order: the page is viewed, then signed up on.
  useEffect(() => {
    trackPageView(pathname);
  }, [pathname]);
  useSignInTracking(isAuthenticated);
  useSessionSync(user);

  const waitForAuth = isLoading && waitsForSessionCheck(pathname);

  return (
    <>
      {/* React hoists the title, meta and link tags into the document head. Not on the server: the
          gateway writes the page's tags into the head itself (ADR 0032). */}
      {!IS_SERVER && <HeadContent />}
      {waitForAuth ? (
        <FullScreenSpinner />
      ) : (
        <AppShell>
          <Outlet />
        </AppShell>
      )}
      <DeferredToaster />
    </>
  );
}
