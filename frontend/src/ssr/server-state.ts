import { SERVER_RENDERED_ATTRIBUTE, SERVER_STATE_ID } from '@daybreak/content';
import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { pinRenderClock } from '@/lib/render-clock';
import type { AppRouter } from '@/router';

/**
 * The query cache as JSON for the page's `<script type="application/json">` element (data, never
 * run: the CSP allows no inline script). `<` is escaped, so no text in a post can close the element
 * (`</script>`) or open a comment in it.
 */
export function serverStateJson(queryClient: QueryClient, renderedAt: number): string {
  const state: ServerState = { queries: dehydrate(queryClient), renderedAt };
  return JSON.stringify(state).replace(/</g, '\\u003c');
}

interface ServerState {
  queries: DehydratedState;
  /** When it was rendered: relative times were written against it (lib/render-clock.ts). */
  renderedAt: number;
}

/**
 * Puts the server's data into the browser's query cache, before the first render, so the router's
 * loaders and the screens find what the server rendered from and the first render matches its HTML;
 * and readies the router to hydrate.
 * Says whether the page was server-rendered.
 */
export function takeServerState(root: HTMLElement, queryClient: QueryClient, router: AppRouter): boolean {
  if (!root.hasAttribute(SERVER_RENDERED_ATTRIBUTE)) return false;
  // What TanStack's own hydration sets: the router then builds the tree without the Suspense
  // boundaries it has only in the browser, as the server built it (no mismatch).
  router.ssr = { manifest: undefined };
  const element = document.getElementById(SERVER_STATE_ID);
  if (element?.textContent) {
    const state = JSON.parse(element.textContent) as ServerState;
    hydrate(queryClient, state.queries);
    pinRenderClock(state.renderedAt);
  }
  element?.remove();
  return true;
}
