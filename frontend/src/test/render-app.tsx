import { type QueryClient, QueryClientProvider, notifyManager } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import { act, render, waitFor } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { createAppRouter } from '@/router';
import { fakeFetch } from './fakes';
import type { FakeRoutes } from './gateway';

/** Renders the whole app (real routes, real query client) at `path`, against a faked gateway. */
export function renderApp(path: string, routes: FakeRoutes = {}) {
  const gateway = fakeFetch(routes);
  vi.stubGlobal('fetch', vi.fn(gateway.fetchImpl));
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [path] }));
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient, calls: gateway.calls };
}

/**
 * Waits until `router` has finished loading where it went. A test that ends on the address alone
 * leaves the navigation running; it goes on after the page is torn down and fails the run there.
 */
export function routerSettled(router: { state: { status: 'pending' | 'idle' } }) {
  return waitFor(() => expect(router.state.status).toBe('idle'));
}

/**
 * Refetches every query the page shows, as the app does after hydration or a mutation, and returns
 * once the page has rendered the outcome: TanStack Query tells components of changes in a later task
 * (its notifyManager batches them), so the notice scheduled last arrives after the refetch's.
 */
export function refetchAll(queryClient: QueryClient): Promise<void> {
  return act(async () => {
    await queryClient.refetchQueries();
    await new Promise<void>((resolve) => notifyManager.schedule(resolve));
  });
}
