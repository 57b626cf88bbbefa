/** RFC 3986's unreserved characters: escaping one changes nothing about the address. */
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/**
 * `url` as the router reads it: Fastify's router decodes percent-escapes before matching, so
 * `/%61pi/logout` reaches the `/api/logout` route. Every check on a URL's path reads it through
 * this, or that route would be reached past the check. Escapes of other characters (`%2F`, `%3F`)
 * stay: the router keeps those within a path segment too.
 */
export function routedUrl(url: string): string {
  if (!url.includes('%')) return url;
  return url.replace(/%([0-9A-Fa-f]{2})/g, (escape, hex: string) => {
    const character = String.fromCharCode(parseInt(hex, 16));
    return UNRESERVED.test(character) ? character : escape;
  });
}

/**
 * Whether a request URL (path and query) is under /api, where sessions and the origin check apply:
 * `/api`, `/api/…`, `/api?…`, and any spelling of them with escapes (`/%61pi/…`). Static files and
 * images never touch Redis.
 */
export function isApiPath(url: string): boolean {
  const routed = routedUrl(url);
  return routed.startsWith('/api') && (routed.length === 4 || routed[4] === '/' || routed[4] === '?');
}
