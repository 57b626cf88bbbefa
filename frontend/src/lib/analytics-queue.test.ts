import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAnalyticsQueue } from './analytics-queue';

/** jsdom's Blob has no text(); FileReader it is. */
function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(new Error('could not read the beacon body'));
    reader.readAsText(blob);
  });
}

function setup(beaconQueues = true) {
  const sendBeacon = vi.fn<(target: string, data?: BodyInit | null) => boolean>(() => beaconQueues);
  vi.stubGlobal('navigator', { ...navigator, sendBeacon });
  const fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(new Response(null, { status: 204 })));
  vi.stubGlobal('fetch', fetchMock);
  const fetched = () =>
    fetchMock.mock.calls.map(([url, init]) => ({
      url,
      events: (JSON.parse(String(init?.body)) as { events: number[] }).events,
    }));
  const beaconed = () =>
    Promise.all(
      sendBeacon.mock.calls.map(async ([url, data]) => ({
        url,
        type: (data as Blob).type,
        events: (JSON.parse(await readBlob(data as Blob)) as { events: number[] }).events,
      })),
    );
  const queue = createAnalyticsQueue<number>('/api/analytics/events');
  return { queue, fetchMock, sendBeacon, fetched, beaconed };
}

function hidePage(how: 'visibilitychange' | 'pagehide') {
  if (how === 'pagehide') return window.dispatchEvent(new Event('pagehide'));
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('the first-party analytics queue', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    // Back to jsdom's own getter on the prototype.
    delete (document as { visibilityState?: unknown }).visibilityState;
  });

  it('sends every 20 events in one request, with the session cookie', () => {
    const { queue, fetchMock, fetched } = setup();

    for (let i = 1; i <= 19; i += 1) queue.add(i);
    expect(fetchMock).not.toHaveBeenCalled();
    queue.add(20);

    expect(fetched()).toEqual([
      { url: '/api/analytics/events', events: Array.from({ length: 20 }, (_, i) => i + 1) },
    ]);
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
    });
  });

  it('sends fewer after 10 seconds, counted from the first one waiting', () => {
    const { queue, fetched } = setup();

    queue.add(1);
    vi.advanceTimersByTime(6_000);
    queue.add(2);
    vi.advanceTimersByTime(3_999);
    expect(fetched()).toEqual([]);
    vi.advanceTimersByTime(1);

    expect(fetched()).toEqual([{ url: '/api/analytics/events', events: [1, 2] }]);
    vi.advanceTimersByTime(60_000);
    expect(fetched()).toHaveLength(1);
  });

  it.each(['visibilitychange', 'pagehide'] as const)(
    'sends the rest with sendBeacon when the page hides (%s), as JSON, and nothing twice',
    async (how) => {
      const { queue, fetchMock, beaconed } = setup();
      queue.add(1);
      queue.add(2);

      hidePage(how);
      vi.advanceTimersByTime(10_000);
      vi.useRealTimers(); // jsdom's FileReader answers on a timer

      expect(await beaconed()).toEqual([
        { url: '/api/analytics/events', type: 'application/json', events: [1, 2] },
      ]);
      expect(fetchMock).not.toHaveBeenCalled();
    },
  );

  it('falls back to fetch (keepalive) when the browser refuses the beacon', () => {
    const { queue, fetchMock, fetched } = setup(false);
    queue.add(1);

    hidePage('pagehide');

    expect(fetched()).toEqual([{ url: '/api/analytics/events', events: [1] }]);
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ keepalive: true });
  });

  it('sends nothing when the page hides with nothing waiting', () => {
    const { sendBeacon, fetchMock } = setup();

    hidePage('visibilitychange');

    expect(sendBeacon).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
