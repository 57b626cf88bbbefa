import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
import source from '../../public/sw.js?raw';

const ORIGIN = 'https://daybreak.example';

interface FakeClient {
  url: string;
  focus: ReturnType<typeof vi.fn>;
  navigate: ReturnType<typeof vi.fn>;
}

/** Cache Storage in memory: one Map of path → body per cache name. */
function fakeCaches() {
  const stores = new Map<string, Map<string, string>>();
  const key = (request: string | { url: string }) =>
    new URL(typeof request === 'string' ? request : request.url, ORIGIN).pathname;
  const open = async (name: string) => {
    const store = stores.get(name) ?? new Map<string, string>();
    stores.set(name, store);
    return {
      addAll: vi.fn(async (paths: string[]) =>
        paths.forEach((path) => store.set(key(path), `cached ${path}`)),
      ),
      put: vi.fn(async (request: { url: string }, response: Response) =>
        store.set(key(request), await response.text()),
      ),
    };
  };
  const match = async (request: string | { url: string }, options: { cacheName: string }) => {
    const body = stores.get(options.cacheName)?.get(key(request));
    return body === undefined ? undefined : new Response(body);
  };
  return {
    stores,
    open,
    match,
    keys: async () => [...stores.keys()],
    delete: async (name: string) => stores.delete(name),
  };
}

/** Runs /sw.js in a fake worker scope and hands out its event handlers. */
function loadWorker(
  windows: FakeClient[] = [],
  fetch = vi.fn(async (request: { url: string }) => new Response(`network ${request.url}`)),
) {
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
  const caches = fakeCaches();
  runInNewContext(source, { self, URL, Response, caches, fetch });
  /** Dispatches an event and waits for what it passed to waitUntil. */
  const dispatch = async (type: string, event: object) => {
    let work: Promise<unknown> = Promise.resolve();
    handlers[type]!({ ...event, waitUntil: (promise: Promise<unknown>) => (work = promise) });
    await work;
  };
  /** Dispatches a GET; resolves to the worker's answer, or undefined when it lets the browser fetch. */
  const get = async (path: string, mode = 'cors') => {
    let answer: Promise<Response> | undefined;
    handlers.fetch!({
      request: { method: 'GET', url: `${ORIGIN}${path}`, mode },
      respondWith: (r: Promise<Response>) => (answer = r),
    });
    return answer && (await answer).text();
  };
  return { self, dispatch, get, caches, fetch };
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

  it('caches the app shell on install and drops older shells on activate', async () => {
    const { dispatch, caches } = loadWorker();
    await caches.open('daybreak-shell-old');

    await dispatch('install', {});
    await dispatch('activate', {});

    const [name] = [...caches.stores.keys()];
    expect([...caches.stores.keys()]).toEqual([name]);
    expect([...caches.stores.get(name!)!.keys()]).toEqual(
      expect.arrayContaining(['/', '/manifest.webmanifest', '/icons/icon-192.png']),
    );
  });

  it('answers navigations from the network, and with the cached shell when offline', async () => {
    const online = loadWorker();
    await online.dispatch('install', {});
    expect(await online.get('/profile/u1', 'navigate')).toBe(`network ${ORIGIN}/profile/u1`);

    const offline = loadWorker(
      [],
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await offline.get('/profile/u1', 'navigate')).toContain('You are offline');
    await offline.dispatch('install', {});
    expect(await offline.get('/profile/u1', 'navigate')).toBe('cached /');
  });

  it('keeps hashed assets once and serves them from the cache after', async () => {
    const { dispatch, get, fetch } = loadWorker();
    await dispatch('install', {});
    fetch.mockClear();

    expect(await get('/assets/route-abc123.js')).toBe(`network ${ORIGIN}/assets/route-abc123.js`);
    expect(await get('/assets/route-abc123.js')).toBe(`network ${ORIGIN}/assets/route-abc123.js`);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('never answers or caches the API or media', async () => {
    const { get, fetch } = loadWorker();

    for (const path of ['/api/auth/user', '/objects/o1', '/uploads/u1', '/health']) {
      expect(await get(path)).toBeUndefined();
    }
    expect(fetch).not.toHaveBeenCalled();
  });
});
