import { SIGN_IN_OUTCOME_COOKIE, type SignInOutcome } from '@daybreak/contracts';
import { useEffect } from 'react';
import { trackEvent } from '@/lib/analytics';

/**
 * Reads, and clears at once, the cookie the gateway sets when a sign-in completes: `new` when that
 * sign-in created the member, `returning` otherwise. Null when no sign-in just happened.
 */
export function takeSignInOutcome(): SignInOutcome | null {
  const prefix = `${SIGN_IN_OUTCOME_COOKIE}=`;
  const entry = document.cookie.split('; ').find((cookie) => cookie.startsWith(prefix));
  if (entry === undefined) return null;
  document.cookie = `${prefix}; Max-Age=0; Path=/; SameSite=Lax`;
  const value = entry.slice(prefix.length);
  return value === 'new' || value === 'returning' ? value : null;
}

/**
 * Records `sign_up` for a member's first sign-in and `login` for later ones (spec §7), once, when the
 * app is back from the provider signed in. The method label is the platform's own auth (spec §1).
 */
export function useSignInTracking(isAuthenticated: boolean): void {
  useEffect(() => {
    if (!isAuthenticated) return;
    const outcome = takeSignInOutcome();
    if (outcome) trackEvent(outcome === 'new' ? 'sign_up' : 'login', { method: 'daybreak_oidc' });
  }, [isAuthenticated]);
}
