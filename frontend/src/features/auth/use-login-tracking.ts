import { useEffect } from 'react';
import { trackEvent } from '@/lib/analytics';
import { LOGIN_PENDING_KEY } from '@/lib/navigation';

/**
 * Records `login` once the member is back from the provider signed in. The method label is the
 * platform's own auth (spec §1), i.e. our OpenID Connect login.
 */
export function useLoginTracking(isAuthenticated: boolean): void {
  useEffect(() => {
    if (!isAuthenticated) return;
    try {
      if (sessionStorage.getItem(LOGIN_PENDING_KEY) === null) return;
      sessionStorage.removeItem(LOGIN_PENDING_KEY);
    } catch {
      return;
    }
    trackEvent('login', { method: 'daybreak_oidc' });
  }, [isAuthenticated]);
}
