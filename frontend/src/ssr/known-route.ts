import type { AnyRouter } from '@tanstack/react-router';

/**
 * Whether an address is one of the router's routes, as its own matching decides it: the gateway
 * answers 404 for the rest (ADR 0032), where the browser shows the not-found screen. A route that
 * only redirects (`/invite`, `/share/post/$id`) is a route.
 */
export function isKnownRoute(router: AnyRouter, pathname: string): boolean {
  const [, params, route] = router.getMatchedRoutes(pathname);
  // The router's own rule for a global not-found (router-core's matchRoutes): no route at all, or
  // only a fuzzy match that leaves segments over (`**`) below a route other than the root's index.
  return route !== undefined && !(route.path !== '/' && params['**']);
}
