/* Daybreak service worker: web push only (no offline caching). */

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
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
