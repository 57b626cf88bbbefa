import { WifiOff } from 'lucide-react';
import { StatusBanner } from './status-banner';

/** Shown while the browser is offline; the service worker opens this shell without a network. */
export function OfflineNotice() {
  return (
    <StatusBanner icon={WifiOff} tone="night" data-testid="offline-notice">
      <span className="font-bold">You're offline.</span> Daybreak picks up where you left off when you're back
      online.
    </StatusBanner>
  );
}
