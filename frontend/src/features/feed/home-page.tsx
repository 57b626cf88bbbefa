import { lazy, Suspense } from 'react';
import { useAuth } from '@/features/auth/use-auth';
import { FeedList } from './feed-list';
import { FloatingPostButton } from './floating-post-button';
import { GuestWelcome } from './guest-welcome';
import { MemberGreeting } from './member-greeting';
import { QuickPostBox } from './quick-post-box';

// Only after a sign-in that did not complete: the feed's first load does not carry it.
const SignInFailedBanner = lazy(() =>
  import('@/features/auth/sign-in-failed-banner').then((module) => ({
    default: module.SignInFailedBanner,
  })),
);

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
  return (
    <div className="mx-auto w-full max-w-2xl space-y-4 px-4 py-6">
      {signInFailed && (
        <Suspense fallback={null}>
          <SignInFailedBanner onDismiss={() => onSignInFailedDismiss?.()} />
        </Suspense>
      )}
      {user ? <MemberGreeting user={user} /> : <GuestWelcome />}
      {user && <QuickPostBox />}
      <FeedList
        isAuthenticated={user !== null}
        linkedPostId={linkedPostId}
        onLinkedPostDone={onLinkedPostDone}
        onLinkedPostMissing={onLinkedPostMissing}
      />
      {user && <FloatingPostButton />}
    </div>
  );
}
