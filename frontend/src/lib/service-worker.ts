/** Web push needs both; without them there is nothing for the worker to do (spec §2). */
export function supportsPush(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window;
}

export const SERVICE_WORKER_URL = '/sw.js';

/**
 * Registers /sw.js whenever the browser supports push, in development too (spec §2). Besides push the
 * worker keeps the app shell for offline use, but online it always asks the network for pages and
 * caches only hashed (immutable) files, so it cannot serve stale code across reloads.
 */
export function registerServiceWorker(): void {
  if (!supportsPush()) return;
  const register = () => {
    navigator.serviceWorker.register(SERVICE_WORKER_URL).catch(() => {
      // Push is an extra; a failed registration must not disturb the app.
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
