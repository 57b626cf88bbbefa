/**
 * Full-page navigations. Login and logout are server routes (the gateway runs the OpenID flow), so they
 * must leave the SPA rather than go through the router. Kept in one place so tests can observe them.
 */
export function hardNavigate(url: string): void {
  window.location.href = url;
}

export function loginUrl(returnTo?: string): string {
  return returnTo ? `/api/login?returnTo=${encodeURIComponent(returnTo)}` : '/api/login';
}

/** The path the visitor is on now, so login brings them back here. */
export function currentPath(): string {
  const { pathname, search, hash } = window.location;
  return `${pathname}${search}${hash}`;
}

export function redirectToLogin(returnTo: string = currentPath()): void {
  hardNavigate(loginUrl(returnTo));
}
