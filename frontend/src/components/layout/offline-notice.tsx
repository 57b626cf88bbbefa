import { WifiOff } from 'lucide-react';

/** Shown while the browser is offline; the service worker opens this shell without a network. */
export function OfflineNotice() {
  return (
    <div
      role="status"
      className="flex items-center justify-center gap-2 bg-night-raised px-4 py-2 text-center text-sm text-on-night"
      data-testid="offline-notice"
    >
      <WifiOff className="size-4 shrink-0 text-amber-400" aria-hidden="true" />
      <p>
        <span className="font-bold">You're offline.</span> Daybreak picks up where you left off when you're
        back online.
      </p>
    </div>
  );
}
