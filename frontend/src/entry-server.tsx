import { AsyncLocalStorage } from 'node:async_hooks';
import { createMemoryHistory } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { App } from './app';
import { currentUserQueryOptions } from './features/auth/queries';
import { sendRequestsThrough } from './lib/api-client';
import { createQueryClient } from './lib/query-client';
import { pinRenderClock } from './lib/render-clock';
import { setServerOrigin } from './lib/site-origin';
import { type AppRouter, createAppRouter } from './router';
import { isKnownRoute } from './ssr/known-route';
import { serverStateJson } from './ssr/server-state';

/**
 * The server render (ADR 0032): the gateway imports this module, built with vite.ssr.config.ts, and
 * asks it for a page's HTML. The route tree, loaders and components are the browser's own.
 */

/** How the render reaches the API: the gateway's own routes, as the viewer (their cookie). */
export type ServerFetch = (url: string, init: RequestInit) => Promise<Response>;

export interface RenderRequest {
  /** The page's path and query: `/post/…?x=1`. */
  url: string;
  /** The site's public origin, for the absolute URLs of head tags and share links. */
  origin: string;
  fetch: ServerFetch;
}

export type RenderResult =
  | {
      kind: 'page';
      /** The markup of #root. */
      html: string;
      /** The query cache it was rendered from, as JSON safe inside a script element. */
      state: string;
    }
  /**
   * Left to the browser, which renders it as before: the route redirects (an invite link without a
   * code), or a read failed (a missing post, an unknown invite), whose error the page's data could
   * not carry for hydration (errors are not dehydrated).
   */
  | { kind: 'shell' };

/** Each render's own transport: several renders run at once in one gateway process. */
const renders = new AsyncLocalStorage<ServerFetch>();
sendRequestsThrough((url, init) => {
  const fetch = renders.getStore();
  if (!fetch) throw new Error('A request outside a server render');
  return fetch(url, init);
});

export function render(request: RenderRequest): Promise<RenderResult> {
  setServerOrigin(request.origin);
  return renders.run(request.fetch, () => renderPage(request.url));
}

/** The route tree for matching addresses, loading nothing: made on the first call. */
let routeMatcher: AppRouter | undefined;

/**
 * Whether a path is one of the SPA's routes: the gateway answers 404 for any other (its page is
 * still index.html, where the browser shows the not-found screen). The router's own matching, so
 * the gateway keeps no second list of routes.
 */
export function isRoute(pathname: string): boolean {
  routeMatcher ??= createAppRouter(createQueryClient(), createMemoryHistory());
  return isKnownRoute(routeMatcher, pathname);
}

async function renderPage(url: string): Promise<RenderResult> {
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [url] }));
  const requested = router.state.location;
  // What main.tsx waits for before the browser's first render, so both render the same screen; the
  // session check on every route, an invite's too: its screen shows the answer when it lands, and
  // with the answer in the page's data the browser's hydration cannot meet a different one.
  await Promise.all([router.load(), queryClient.prefetchQuery(currentUserQueryOptions())]);
  // Redirected (an invite link with a blank code): the browser's router will go there itself.
  if (router.state.location.pathname !== requested.pathname) return { kind: 'shell' };
  // Loaders start some reads without waiting (the feed's first page, a post's comments): the page is
  // rendered with them, not with skeletons.
  await settled(queryClient);
  if (
    queryClient
      .getQueryCache()
      .getAll()
      .some((query) => query.state.status === 'error')
  )
    return { kind: 'shell' };
  // Relative times ("5m") against one instant, which the browser's hydration uses too.
  const renderedAt = Date.now();
  pinRenderClock(renderedAt);
  try {
    const html = renderToString(<App queryClient={queryClient} router={router} />);
    return { kind: 'page', html, state: serverStateJson(queryClient, renderedAt) };
  } finally {
    pinRenderClock(null);
  }
}

/** Resolves once no query is fetching (the screens' first reads have all answered). */
function settled(queryClient: ReturnType<typeof createQueryClient>): Promise<void> {
  if (queryClient.isFetching() === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = queryClient.getQueryCache().subscribe(() => {
      if (queryClient.isFetching() > 0) return;
      unsubscribe();
      resolve();
    });
  });
}
