/** The site's origin on the server, where there is no `window` (entry-server.tsx sets it). */
let serverOrigin = '';

export function setServerOrigin(origin: string): void {
  serverOrigin = origin;
}

/** The origin the page is served from: absolute URLs in its head tags and share links. */
export function siteOrigin(): string {
  return typeof window === 'undefined' ? serverOrigin : window.location.origin;
}
