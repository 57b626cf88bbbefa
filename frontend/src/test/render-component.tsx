import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { fakeFetch } from './fakes';
import type { FakeRoutes } from './gateway';

/**
 * Renders one component (outside the app's routes, e.g. before a page hosts it) with a real query client
 * and a router for its links, against a faked gateway.
 */
export function renderComponent(ui: () => ReactElement, routes: FakeRoutes = {}) {
  const gateway = fakeFetch(routes);
  vi.stubGlobal('fetch', vi.fn(gateway.fetchImpl));
  const queryClient = createQueryClient();
  const router = createRouter({
    routeTree: createRootRoute({ component: ui }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, queryClient, calls: gateway.calls };
}
