import { toast } from '@/components/ui/use-toast';
import { isUnauthorizedError } from '@/lib/api-client';
import { hardNavigate, redirectToLogin } from '@/lib/navigation';

/** Spec §8: after a 401 on an action the toast shows for half a second before login. */
export const UNAUTHORIZED_REDIRECT_DELAY_MS = 500;
/** Spec §8: a 401 on the people list or search shows its toast for 2 s before login. */
export const AUTH_REQUIRED_REDIRECT_DELAY_MS = 2000;
/** Spec §5: guests who try an action read the toast for 1.5 s before login. */
export const GUEST_REDIRECT_DELAY_MS = 1500;

/**
 * If `error` says the session is gone, tells the member and sends them to login; returns whether it did.
 * Used by like, comment, post and mark-read.
 */
export function handleUnauthorized(error: unknown): boolean {
  if (!isUnauthorizedError(error)) return false;
  toast({
    title: 'Unauthorized',
    description: 'You are logged out. Logging in again...',
    variant: 'destructive',
  });
  setTimeout(() => redirectToLogin(), UNAUTHORIZED_REDIRECT_DELAY_MS);
  return true;
}

/** The usual failure path of a member action: the 401 flow, else a destructive toast with `message`. */
export function toastActionError(error: unknown, message: string): void {
  if (handleUnauthorized(error)) return;
  toast({ title: 'Error', description: message, variant: 'destructive' });
}

/** A guest tried a member action: explain, then go to login (coming back to `returnTo`, else here). */
export function promptGuestLogin(description: string, returnTo?: string): void {
  toast({ title: 'Join Daybreak', description });
  setTimeout(() => redirectToLogin(returnTo), GUEST_REDIRECT_DELAY_MS);
}

/** Spec §8 (users list and search): 'Authentication Required', then login after 2 s. */
export function promptAuthenticationRequired(description: string): void {
  toast({ title: 'Authentication Required', description, variant: 'destructive' });
  setTimeout(() => redirectToLogin(), AUTH_REQUIRED_REDIRECT_DELAY_MS);
}

/**
 * Signs out with the spec's full-page navigation to /api/logout. The gateway ends the session (unless
 * another site started the navigation) and redirects to the provider's sign-out, which ends its
 * session too and comes back here.
 */
export function logout(): void {
  hardNavigate('/api/logout');
}
