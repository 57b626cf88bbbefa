import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
import source from '../../public/sw.js?raw';

const ORIGIN = 'https://daybreak.example';

interface FakeClient {
  url: string;
  focus: ReturnType<typeof vi.fn>;
  navigate: ReturnType<typeof vi.fn>;
}

/** Runs /sw.js in a fake worker scope and hands out its event handlers. */
function loadWorker(windows: FakeClient[] = []) {
  const handlers: Record<string, (event: unknown) => void> = {};
  const self = {
    location: new URL(`${ORIGIN}/sw.js`),
    addEventListener: (type: string, handler: (event: unknown) => void) => (handlers[type] = handler),
    skipWaiting: vi.fn(),
    registration: { showNotification: vi.fn(async () => undefined) },
    clients: {
      claim: vi.fn(),
      matchAll: vi.fn(async () => windows),
      openWindow: vi.fn(async () => undefined),
    },
  };
  runInNewContext(source, { self, URL });
  /** Dispatches an event and waits for what it passed to waitUntil. */
  const dispatch = async (type: string, event: object) => {
    let work: Promise<unknown> = Promise.resolve();
    handlers[type]!({ ...event, waitUntil: (promise: Promise<unknown>) => (work = promise) });
    await work;
  };
  return { self, dispatch };
}

const tab = (path: string): FakeClient => ({
  url: `${ORIGIN}${path}`,
  focus: vi.fn(async () => undefined),
  navigate: vi.fn(async () => undefined),
});

const click = (url: string) => ({ notification: { data: { url }, close: vi.fn() } });

describe('/sw.js', () => {
  it('shows a push as a notification with its title, body and link', async () => {
    const { self, dispatch } = loadWorker();
    const payload = { title: 'Daybreak', body: 'Ben liked your post', url: '/post/p1' };

    await dispatch('push', { data: { json: () => payload } });

    expect(self.registration.showNotification).toHaveBeenCalledWith(
      'Daybreak',
      expect.objectContaining({ body: 'Ben liked your post', data: { url: '/post/p1' } }),
    );
  });

  it('focuses a tab already at the link', async () => {
    const atPost = tab('/post/p1');
    const { self, dispatch } = loadWorker([tab('/'), atPost]);

    await dispatch('notificationclick', click('/post/p1'));

    expect(atPost.focus).toHaveBeenCalled();
    expect(atPost.navigate).not.toHaveBeenCalled();
    expect(self.clients.openWindow).not.toHaveBeenCalled();
  });

  it('takes an open tab there, or opens one when there is none', async () => {
    const home = tab('/');
    const withTab = loadWorker([home]);
    await withTab.dispatch('notificationclick', click('/post/p1'));
    expect(home.navigate).toHaveBeenCalledWith(`${ORIGIN}/post/p1`);

    const without = loadWorker();
    await without.dispatch('notificationclick', click('/profile/u1'));
    expect(without.self.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/profile/u1`);
  });

  it('never opens another site', async () => {
    const { self, dispatch } = loadWorker();

    await dispatch('notificationclick', click('https://evil.example/'));

    expect(self.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/`);
  });
});
