import type { CurrentUser } from '@daybreak/contracts';
import { useEffect } from 'react';
import { updateTimezone } from '@/lib/profile-api';
import { browserTimezone } from '@/lib/time';

const timezoneSentKey = (userId: string) => `daybreak:timezone-sent:${userId}`;

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

/** What the app does once it knows who is signed in. */
export function useSessionSync(user: CurrentUser | null): void {
  useEffect(() => {
    if (!user) return;
    syncTimezone(user);
  }, [user]);
}
