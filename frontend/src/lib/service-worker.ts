/** Web push needs both; without them there is nothing for the worker to do (spec §2). */
export function supportsPush(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window;
}

/**
 * Registers /sw.js in production builds only: in development a worker would cache across Vite reloads
 * and outlive the dev server.
 */
export function registerServiceWorker(isProduction: boolean = import.meta.env.PROD): void {
  if (!isProduction || !supportsPush()) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // Push is an extra; a failed registration must not disturb the app.
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
