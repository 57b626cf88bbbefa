import { describe, expect, it, vi } from 'vitest';
import { trackEvent, trackPageView, trackPostCreated } from './analytics';

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
  it('sends nothing when VITE_ANALYTICS_URL is not set', () => {
    const { sendBeacon, fetchMock } = setup('');

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
});
