import { ANALYTICS_BATCH_LIMIT } from '@daybreak/contracts';

/**
 * The first-party collector's batches (ADR 0033): events wait until 20 are queued or 10 seconds have
 * passed since the first, then go in one fetch; when the page hides (tab switched, app closed,
 * navigation away) the rest go with `navigator.sendBeacon`, which outlives the page.
 */

export interface AnalyticsQueueOptions {
  /** Sent as soon as this many wait. */
  maxEvents?: number;
  /** The longest an event waits while fewer are queued. */
  flushMs?: number;
}

export interface AnalyticsQueue<T> {
  add(event: T): void;
}

function post(url: string, body: string): void {
  void fetch(url, {
    method: 'POST',
    body,
    headers: { 'Content-Type': 'application/json' },
    credentials: 'same-origin',
    keepalive: true,
  }).catch(() => undefined);
}

/** A beacon is queued by the browser even as the page goes away; fetch (keepalive) if it refuses. */
function beacon(url: string, body: string): void {
  const queued =
    typeof navigator.sendBeacon === 'function' &&
    navigator.sendBeacon(url, new Blob([body], { type: 'application/json' }));
  if (!queued) post(url, body);
}

export function createAnalyticsQueue<T>(
  url: string,
  { maxEvents = 20, flushMs = 10_000 }: AnalyticsQueueOptions = {},
): AnalyticsQueue<T> {
  let pending: T[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = (send: (url: string, body: string) => void) => {
    clearTimeout(timer);
    timer = undefined;
    while (pending.length > 0) {
      const events = pending.slice(0, ANALYTICS_BATCH_LIMIT);
      pending = pending.slice(events.length);
      try {
        send(url, JSON.stringify({ events }));
      } catch {
        // Analytics must never break the product.
      }
    }
  };

  const onHide = () => flush(beacon);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') onHide();
  });
  window.addEventListener('pagehide', onHide);

  return {
    add(event) {
      pending.push(event);
      if (pending.length >= maxEvents) flush(post);
      else timer ??= setTimeout(() => flush(post), flushMs);
    },
  };
}
