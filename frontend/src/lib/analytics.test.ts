import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_PARTY_COLLECTOR, trackEvent, trackPageView, trackPostCreated } from './analytics';

interface SentPayload {
  target: string;
  type: string;
  name: string;
  path: string;
  properties: Record<string, unknown>;
}

/** jsdom's Blob has no text(); FileReader it is. */
function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(new Error('could not read the beacon body'));
    reader.readAsText(blob);
  });
}

function setup(url: string) {
  vi.stubEnv('VITE_ANALYTICS_URL', url);
  const sendBeacon = vi.fn<(target: string, data?: BodyInit | null) => boolean>(() => true);
  vi.stubGlobal('navigator', { ...navigator, sendBeacon });
  const fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  const sent = () =>
    Promise.all(
      sendBeacon.mock.calls.map(async ([target, data]): Promise<SentPayload> => ({
        target,
        ...(JSON.parse(await readBlob(data as Blob)) as Omit<SentPayload, 'target'>),
      })),
    );
  return { sendBeacon, fetchMock, sent };
}

describe('analytics adapter', () => {
  it('sends nothing when VITE_ANALYTICS_URL is off', () => {
    const { sendBeacon, fetchMock } = setup('off');

    trackEvent('feed_viewed', { feed: 'for_you' });
    trackPageView('/');

    expect(sendBeacon).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends events and page views to the configured service', async () => {
    const { sent } = setup('https://analytics.example/collect');

    trackEvent('feed_viewed', { feed: 'for_you' });
    trackPageView('/blog');

    expect(await sent()).toEqual([
      expect.objectContaining({
        target: 'https://analytics.example/collect',
        type: 'event',
        name: 'feed_viewed',
        properties: { feed: 'for_you' },
      }),
      expect.objectContaining({ type: 'page_view', path: '/blog' }),
    ]);
  });

  it('records a new post with the morning_activity of the local hour', async () => {
    const { sent } = setup('https://analytics.example/collect');
    const sixAm = new Date(2025, 2, 10, 6, 12);

    trackPostCreated({ hasImage: true }, sixAm);

    const events = await sent();
    expect(events.map((event) => event.name)).toEqual(['post_created', 'morning_activity']);
    expect(events[1]?.properties).toEqual({ activity: 'morning_warrior', hour: 6 });
  });

  it.each([
    [0, 0, 'early_bird'],
    [5, 59, 'early_bird'],
    [6, 0, 'morning_warrior'],
    [6, 59, 'morning_warrior'],
    [7, 0, 'regular'],
    [23, 59, 'regular'],
  ] as const)('calls a post at %i:%i local time %s', async (hour, minute, activity) => {
    const { sent } = setup('https://analytics.example/collect');

    trackPostCreated({ hasImage: false }, new Date(2025, 2, 10, hour, minute));

    const [, morning] = await sent();
    expect(morning).toMatchObject({ name: 'morning_activity', properties: { activity, hour } });
  });
});

describe('the first-party collector and the privacy signals', () => {
  const sentToCollector = (fetchMock: ReturnType<typeof setup>['fetchMock']) =>
    fetchMock.mock.calls
      .filter(([url]) => url === FIRST_PARTY_COLLECTOR)
      .flatMap(([, init]) => (JSON.parse(String(init?.body)) as { events: SentPayload[] }).events);

  it('batches events to the gateway when no other collector is configured, with no user id', () => {
    const { fetchMock, sendBeacon } = setup('');
    vi.useFakeTimers();

    trackPageView('/');
    trackEvent('feed_viewed', { feed: 'for_you' });
    expect(fetchMock).not.toHaveBeenCalled();
    vi.advanceTimersByTime(10_000);

    const events = sentToCollector(fetchMock);
    expect(events).toEqual([
      expect.objectContaining({ type: 'page_view', name: 'page_view', path: '/' }),
      expect.objectContaining({ type: 'event', name: 'feed_viewed', properties: { feed: 'for_you' } }),
    ]);
    expect(Object.keys(events[0] ?? {}).sort()).toEqual(['name', 'path', 'properties', 'timestamp', 'type']);
    expect(sendBeacon).not.toHaveBeenCalled();
  });

  it.each([
    ['Global Privacy Control', { globalPrivacyControl: true }],
    ['Do Not Track', { doNotTrack: '1' }],
  ])('sends nothing anywhere under %s', (_signal, refusal) => {
    for (const collector of ['', 'https://analytics.example/collect']) {
      const { sendBeacon, fetchMock } = setup(collector);
      vi.stubGlobal('navigator', { ...navigator, ...refusal });
      vi.useFakeTimers();

      trackPageView('/');
      for (let i = 0; i < 25; i += 1) trackEvent('login');
      vi.advanceTimersByTime(60_000);
      window.dispatchEvent(new Event('pagehide'));

      expect(sendBeacon).not.toHaveBeenCalled();
      expect(fetchMock).not.toHaveBeenCalled();
    }
  });

  it('still sends when Do Not Track is unset or "0"', () => {
    const { fetchMock } = setup('');
    vi.stubGlobal('navigator', { ...navigator, doNotTrack: '0', globalPrivacyControl: false });

    for (let i = 0; i < 20; i += 1) trackEvent('login');

    expect(sentToCollector(fetchMock)).toHaveLength(20);
  });
});

describe('the recording a browser test reads', () => {
  afterEach(() => {
    delete window.__daybreakAnalytics;
  });

  it('pushes every payload to window.__daybreakAnalytics when the page created it, even with no service', () => {
    const { sendBeacon } = setup('off');
    const recording: unknown[] = [];
    window.__daybreakAnalytics = recording;

    trackPageView('/');
    trackEvent('share', { content_type: 'post' });

    expect(recording).toEqual([
      expect.objectContaining({ type: 'page_view', name: 'page_view', path: '/' }),
      expect.objectContaining({ type: 'event', name: 'share', properties: { content_type: 'post' } }),
    ]);
    expect(sendBeacon).not.toHaveBeenCalled();
  });

  it('records nothing when the page has no such array', () => {
    setup('off');
    window.__daybreakAnalytics = 'not a list';

    expect(() => trackEvent('login')).not.toThrow();
    expect(window.__daybreakAnalytics).toBe('not a list');
  });
});
