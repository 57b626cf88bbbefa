import type { CurrentUser } from '@daybreak/contracts';
import { queryOptions } from '@tanstack/react-query';
import { fetchCurrentUser } from '@/lib/account-api';

export const authKeys = {
  user: ['/api/auth/user'] as const,
};

/** Spec §7: the current user is cached for 5 minutes. */
export const AUTH_STALE_TIME_MS = 5 * 60_000;

export const AUTH_CHECK_FAILED = 'Authentication check failed';

/**
 * Whether the screen at `pathname` waits for the session check (the full-screen spinner meanwhile):
 * every screen but an invite's, which renders at once, shows its own skeleton and works for guests
 * (spec §2).
 */
export const waitsForSessionCheck = (pathname: string): boolean => !pathname.startsWith('/invite');

/** 401 means signed out (`null`); any other failure is 'Authentication check failed' (spec §4). */
export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: authKeys.user,
    queryFn: async ({ signal }): Promise<CurrentUser | null> => {
      try {
        return await fetchCurrentUser({ signal });
      } catch (error) {
        if (signal.aborted) throw error;
        throw new Error(AUTH_CHECK_FAILED, { cause: error });
      }
    },
    staleTime: AUTH_STALE_TIME_MS,
    gcTime: AUTH_STALE_TIME_MS,
    retry: false,
    // Every screen reads this query. Refetching a failed check on each new observer would flip the
    // app back to the spinner and remount everything in a loop; the error banner offers a retry instead.
    retryOnMount: false,
  });
}
