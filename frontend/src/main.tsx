import { HYDRATED_ATTRIBUTE, SERVER_HEAD_ATTRIBUTE } from '@daybreak/content';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { currentUserQueryOptions, waitsForSessionCheck } from '@/features/auth/queries';
import { warmUpIntl } from '@/lib/intl-warm-up';
import { createQueryClient } from '@/lib/query-client';
import { registerServiceWorker } from '@/lib/service-worker';
import { startTheme } from '@/lib/theme';
import { App } from './app';
import { createAppRouter } from './router';
import { takeServerState } from './ssr/server-state';
import './styles.css';

// Before anything renders, so a member who chose Dark sees no light frame (lib/theme.ts).
startTheme();

// Next, so the worker loads the date data while the app starts (see there).
warmUpIntl();

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain #root');
// A page the gateway rendered (ADR 0032) comes with the data it was rendered from: into the cache
// first, so the loaders and the session check below answer from it and the first render matches.
const serverRendered = takeServerState(root, queryClient, router);

/**
 * The first screen renders once it has what it shows, behind the boot screen index.html paints (or
 * the server's HTML of the screen, which it then hydrates): the route's code and loaders
 * (`router.load()`, which the router then does not repeat) and, on every screen but an invite's, the
 * session check that index.html preloads (until it answers they show the full-screen spinner anyway,
 * spec §2; on a rendered page both answer from its data at once). It renders in a transition, so React yields to the
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
  startTransition(() => {
    if (!serverRendered) createRoot(root).render(<App queryClient={queryClient} router={router} />);
    else hydrateRoot(root, <App queryClient={queryClient} router={router} onFirstCommit={afterHydration} />);
  });
});

/**
 * Once the first render has committed, a server-rendered page says so on #root (for the tests that
 * watch hydration) and reads its data again, in the background: a guest's page may come from the
 * gateway's copy, a few seconds old, and the reads are the ones index.html preloads, already on their
 * way. Not before: an update while React hydrates would not match the HTML.
 * The render clock stays pinned: React hydrates the insides of Suspense boundaries after this first
 * commit, and they must write their times ("now", "5m") against the render's instant too.
 */
let hydrated = false;
function afterHydration(): void {
  if (hydrated || !root) return;
  hydrated = true;
  root.setAttribute(HYDRATED_ATTRIBUTE, '');
  void queryClient.invalidateQueries();
}

registerServiceWorker();
