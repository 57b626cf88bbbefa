import type { CurrentUser } from '@daybreak/contracts';
import { useEffect } from 'react';
import { trackEvent } from '@/lib/analytics';
import { updateTimezone } from '@/lib/api';
import { browserTimezone } from '@/lib/time';

/** A brand-new account: created this recently when the app first sees it signed in. */
export const NEW_ACCOUNT_WINDOW_MS = 60_000;

const timezoneSentKey = (userId: string) => `daybreak:timezone-sent:${userId}`;
const signUpSentKey = (userId: string) => `daybreak:sign-up-sent:${userId}`;

function remembered(storage: Storage, key: string): boolean {
  try {
    return storage.getItem(key) !== null;
  } catch {
    return false;
  }
}

function remember(storage: Storage, key: string): void {
  try {
    storage.setItem(key, '1');
  } catch {
    // Storage can be disabled: at worst the call repeats.
  }
}

/**
 * Sends the browser's zone once per session when it differs from the stored one, so streaks count
 * "today" where the member is.
 */
export function syncTimezone(user: CurrentUser, zone: string = browserTimezone()): void {
  if (!zone || user.timezone === zone || remembered(sessionStorage, timezoneSentKey(user.id))) return;
  remember(sessionStorage, timezoneSentKey(user.id));
  updateTimezone({ timezone: zone }).catch(() => {
    // Not worth a toast: the next session tries again.
    try {
      sessionStorage.removeItem(timezoneSentKey(user.id));
    } catch {
      // ignore
    }
  });
}

/**
 * `sign_up` for a first sign-in. The current user carries no "new" flag, so an account created in the
 * last minute counts as new, once per browser.
 */
export function trackSignUp(user: CurrentUser, now: number = Date.now()): void {
  if (!user.createdAt) return;
  const age = now - Date.parse(user.createdAt);
  if (!(age >= 0 && age <= NEW_ACCOUNT_WINDOW_MS)) return;
  if (remembered(localStorage, signUpSentKey(user.id))) return;
  remember(localStorage, signUpSentKey(user.id));
  trackEvent('sign_up', { method: 'daybreak_oidc' });
}

/** What the app does once it knows who is signed in. */
export function useSessionSync(user: CurrentUser | null): void {
  useEffect(() => {
    if (!user) return;
    trackSignUp(user);
    syncTimezone(user);
  }, [user]);
}
