import { SERVER_HEAD_ATTRIBUTE } from '@daybreak/content';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { currentUserQueryOptions, waitsForSessionCheck } from '@/features/auth/queries';
import { warmUpIntl } from '@/lib/intl-warm-up';
import { createQueryClient } from '@/lib/query-client';
import { registerServiceWorker } from '@/lib/service-worker';
import { startTheme } from '@/lib/theme';
import { createAppRouter } from './router';
import './styles.css';

// Before anything renders, so a member who chose Dark sees no light frame (lib/theme.ts).
startTheme();

// Next, so the worker loads the date data while the app starts (see there).
warmUpIntl();

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain #root');

/**
 * The first screen renders once it has what it shows, behind the boot screen index.html paints: the
 * route's code and loaders (`router.load()`, which the router then does not repeat) and, on every
 * screen but an invite's, the session check that index.html preloads (until it answers they show
 * the full-screen spinner anyway, spec §2). It renders in a transition, so React yields to the
 * browser every few milliseconds rather than build the whole page in one task: on a slow phone that
 * task blocked input for about 300 ms (Lighthouse on /, issue #11).
 */
const firstScreenNeeds: Promise<unknown>[] = [router.load()];
if (waitsForSessionCheck(window.location.pathname))
  firstScreenNeeds.push(queryClient.prefetchQuery(currentUserQueryOptions()));
void Promise.allSettled(firstScreenNeeds).then(() => {
  // The gateway wrote this page's tags into index.html for crawlers; from here the router's head
  // management owns the head, and the server's tags must not outlive the first navigation.
  document.head.querySelectorAll(`[${SERVER_HEAD_ATTRIBUTE}]`).forEach((tag) => tag.remove());
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
});

registerServiceWorker();
