/**
 * The time a server-rendered page was rendered at (ADR 0032): the server renders every relative time
 * ("5m") against it, and the browser's first render (hydration) does too, so both write the same
 * text; from then on the browser's clock. Null when no render is under way.
 */
let pinned: number | null = null;

export function pinRenderClock(time: number | null): void {
  pinned = time;
}

/** The render's time while one is pinned, else now. */
export function renderClockNow(): Date {
  return new Date(pinned ?? Date.now());
}
