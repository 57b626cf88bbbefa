/**
 * Whether a request URL (path and query) is under /api, where sessions and the origin check apply:
 * `/api`, `/api/…`, `/api?…`. Static files and images never touch Redis.
 */
export function isApiPath(url: string): boolean {
  return url.startsWith('/api') && (url.length === 4 || url[4] === '/' || url[4] === '?');
}
