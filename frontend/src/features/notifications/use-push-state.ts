import { useEffect, useState } from 'react';
import { currentPushState, onPushStateChange, type PushState } from '@/lib/push';

/**
 * This device's push state, following changes made anywhere on the page (the push toggle and the
 * Mornings section each turn it on). The setter shows a change in progress ('loading') at once.
 */
export function usePushState(): [PushState, (state: PushState) => void] {
  const [state, setState] = useState<PushState>('loading');
  useEffect(() => {
    let current = true;
    currentPushState()
      .catch(() => 'unsubscribed' as const)
      .then((found) => current && setState(found));
    const stop = onPushStateChange(setState);
    return () => {
      current = false;
      stop();
    };
  }, []);
  return [state, setState];
}
