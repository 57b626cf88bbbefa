/**
 * Has the browser load its date-formatting data in a worker while the main thread fetches and runs
 * the app, so the first screen's dates and early-bird tags (lib/time.ts) do not pay for it on the
 * main thread. Only a head start: where it cannot run, the first formatter pays as before.
 */
export function warmUpIntl(): void {
  if (typeof Worker === 'undefined') return;
  try {
    const worker = new Worker(new URL('./intl-warm-up.worker.ts', import.meta.url));
    worker.onerror = () => worker.terminate();
  } catch {
    // A browser that refuses the worker (e.g. a stricter policy): nothing lost.
  }
}
