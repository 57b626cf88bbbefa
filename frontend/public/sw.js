/*
 * Daybreak service worker: web push, and an app shell that opens offline.
 * - install: caches the shell (index.html as "/") and this build's files (PRECACHE, written by the build).
 * - navigations: network first; offline, the cached shell, which shows its offline notice.
 * - /assets/: hashed and immutable, so cache first. Other static files: network, cache as fallback.
 * - The API and media (/api, /objects, /uploads, /health) always go to the network and are never cached.
 */

// Filled in by the build (precacheInServiceWorker in vite.config.ts); a new list makes a new worker on each deploy.
const PRECACHE = [];
const CACHE = 'daybreak-shell-v1-' + PRECACHE.length + '-' + (PRECACHE[0] || 'dev');
const SHELL = '/';
const SHELL_FILES = ['/manifest.webmanifest', '/favicon.svg', '/icons/icon-192.png'];
/** The API and media: always from the network, never cached. */
const NETWORK_ONLY = ['api', 'objects', 'uploads', 'health'];
const NEVER_CACHED = new RegExp(`^/(${NETWORK_ONLY.join('|')})(/|$)`);

/**
 * What never comes from the worker goes straight to the network, where the browser supports static
 * routes (Chromium 123+): the worker is not even started for it. Without them, a beacon sent as the
 * page goes away (the analytics' last batch) waited on the worker and was dropped with the page.
 */
const NETWORK_ONLY_ROUTES = NETWORK_ONLY.map((prefix) => ({
  // The path itself or anything below it, as NEVER_CACHED says.
  condition: { urlPattern: { pathname: `/${prefix}{/*}?` } },
  source: 'network',
}));

async function routeAroundTheWorker(event) {
  if (typeof event.addRoutes !== 'function') return;
  try {
    await event.addRoutes(NETWORK_ONLY_ROUTES);
  } catch {
    // The fetch handler below leaves these to the network anyway, only a little later.
  }
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    Promise.all([
      routeAroundTheWorker(event),
      caches
        .open(CACHE)
        .then((cache) => cache.addAll([SHELL, ...SHELL_FILES, ...PRECACHE]))
        // Push works without the shell: a failed precache (offline at install) must not stop the worker.
        .catch(() => undefined),
    ]).then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith('daybreak-shell-') && name !== CACHE)
          .map((name) => caches.delete(name)),
      );
      await self.clients.claim();
    })(),
  );
});

/** The page the browser would otherwise show as its own error: a bare notice when no shell is cached. */
const offlinePage = () =>
  new Response(
    '<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width">' +
      '<title>Daybreak</title><main><h1>You are offline</h1><p>Daybreak will open when you are back online.</p></main>',
    { status: 503, headers: { 'content-type': 'text/html; charset=utf-8' } },
  );

async function networkFirstShell(request) {
  try {
    return await fetch(request);
  } catch {
    return (await caches.match(SHELL, { cacheName: CACHE })) || offlinePage();
  }
}

async function cacheFirst(request) {
  const cached = await caches.match(request, { cacheName: CACHE });
  if (cached) return cached;
  const response = await fetch(request);
  // Lazy route chunks fetched later join the shell, so screens seen online open offline too.
  if (response.ok) await (await caches.open(CACHE)).put(request, response.clone());
  return response;
}

async function networkThenCache(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const cached = await caches.match(request, { cacheName: CACHE });
    if (cached) return cached;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || NEVER_CACHED.test(url.pathname)) return;
  if (request.mode === 'navigate') event.respondWith(networkFirstShell(request));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(cacheFirst(request));
  else event.respondWith(networkThenCache(request));
});

function readPush(event) {
  if (!event.data) return {};
  try {
    return event.data.json();
  } catch {
    return { body: event.data.text() };
  }
}

self.addEventListener('push', (event) => {
  const data = readPush(event);
  const title = data.title || 'Daybreak';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: data.body || data.message || '',
      icon: data.icon || '/favicon.svg',
      badge: data.badge || '/favicon.svg',
      tag: data.tag,
      data: { url: data.url || '/' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  // Only same-origin paths: a push payload must not be able to send the member elsewhere.
  const target = new URL(
    (event.notification.data && event.notification.data.url) || '/',
    self.location.origin,
  );
  const url = target.origin === self.location.origin ? target.href : self.location.origin + '/';
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const ours = windows.filter((client) => new URL(client.url).origin === self.location.origin);
      // A tab already at the link only needs focus; else one of ours goes there; else a new one opens.
      const atUrl = ours.find((client) => client.url === url && 'focus' in client);
      if (atUrl) return atUrl.focus();
      const other = ours.find((client) => 'focus' in client && 'navigate' in client);
      if (other) {
        await other.focus();
        return other.navigate(url);
      }
      return self.clients.openWindow(url);
    })(),
  );
});
