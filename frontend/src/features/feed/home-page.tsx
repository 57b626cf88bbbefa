import { lazy, Suspense } from 'react';
import { useAuth } from '@/features/auth/use-auth';
import { FeedList } from './feed-list';
import { GuestWelcome } from './guest-welcome';

// Only after a sign-in that did not complete: the feed's first load does not carry it.
const SignInFailedBanner = lazy(() =>
  import('@/features/auth/sign-in-failed-banner').then((module) => ({
    default: module.SignInFailedBanner,
  })),
);

// A member's greeting, composer and "+" button: a guest's first visit, the one the first-route
// budget measures, does not carry them.
const MemberHome = lazy(() => import('./member-home').then((module) => ({ default: module.MemberHome })));

export function HomePage({
  linkedPostId,
  onLinkedPostDone,
  onLinkedPostMissing,
  signInFailed = false,
  onSignInFailedDismiss,
}: {
  linkedPostId?: string;
  onLinkedPostDone?: () => void;
  onLinkedPostMissing?: () => void;
  /** The visitor just came back from a sign-in that did not complete. */
  signInFailed?: boolean;
  onSignInFailedDismiss?: () => void;
}) {
  const { user } = useAuth();
  const feed = (
    <FeedList
      isAuthenticated={user !== null}
      linkedPostId={linkedPostId}
      onLinkedPostDone={onLinkedPostDone}
      onLinkedPostMissing={onLinkedPostMissing}
    />
  );
  return (
    <div className="mx-auto w-full max-w-2xl space-y-4 px-4 py-6">
      {signInFailed && (
        <Suspense fallback={null}>
          <SignInFailedBanner onDismiss={() => onSignInFailedDismiss?.()} />
        </Suspense>
      )}
      {user ? (
        // The feed waits with the greeting and composer (one small chunk, fetched beside the feed's
        // first page), so nothing arrives above the feed later and pushes it down.
        <Suspense fallback={null}>
          <MemberHome user={user}>{feed}</MemberHome>
        </Suspense>
      ) : (
        <>
          <GuestWelcome />
          {feed}
        </>
      )}
    </div>
  );
}
