import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { NotFound } from '@/components/layout/not-found';
import { RouteError } from '@/components/layout/route-error';
import { routeTree } from './routeTree.gen';

export interface RouterContext {
  queryClient: QueryClient;
}

/** `history` lets tests start at any path with a memory history; the app uses the browser's. */
export function createAppRouter(queryClient: QueryClient, history?: RouterHistory) {
  return createRouter({
    routeTree,
    history,
    context: { queryClient },
    // Route data comes from the query cache; let the query stale times decide, not the router's cache.
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    // In the browser only: on the server the router would write its restoring script into the page,
    // an inline script the CSP refuses (ADR 0032); the browser's router restores scroll positions itself.
    scrollRestoration: typeof document !== 'undefined',
    // No route fails to a blank page: one without screens of its own for a failure or a missing
    // address gets these.
    defaultErrorComponent: RouteError,
    defaultNotFoundComponent: NotFound,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
