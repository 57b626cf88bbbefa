/**
 * The time a server-rendered page was rendered at (ADR 0032): the server renders every relative time
 * ("5m") against it, and the browser's hydration does too, so both write the same text. Read only
 * while hydrating (`useNow`): every later render goes by the browser's clock. In the browser it stays
 * pinned for the page's life, since React hydrates some boundaries long after the first commit (a
 * device whose clock is 2 minutes ahead turned "now" into "2m" there: a mismatch). Null on the
 * server between renders, and in a browser whose page was not server-rendered.
 */
let pinned: number | null = null;

export function pinRenderClock(time: number | null): void {
  pinned = time;
}

/** The render's time while one is pinned, else now. */
export function renderClockNow(): Date {
  return new Date(pinned ?? Date.now());
}
