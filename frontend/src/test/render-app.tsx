import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import { render, waitFor } from '@testing-library/react';
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
