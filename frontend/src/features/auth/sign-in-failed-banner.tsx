import { TriangleAlert, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { loginUrl } from '@/lib/navigation';

/**
 * Shown on / after the gateway sent the browser back with `?login=failed`: the sign-in was cancelled
 * at the provider, expired, or could not be completed. Says so, and offers to start again.
 */
export function SignInFailedBanner({ onDismiss }: { onDismiss: () => void }) {
  return (
    <section
      role="alert"
      aria-labelledby="sign-in-failed-title"
      className="relative flex gap-3 rounded-2xl border border-danger-line bg-danger-surface p-4 pr-12 text-ink shadow-sm"
      data-testid="sign-in-failed"
    >
      <TriangleAlert className="mt-0.5 size-5 shrink-0 text-red-600" aria-hidden="true" />
      <div className="min-w-0">
        <h2 id="sign-in-failed-title" className="font-black tracking-tight">
          SIGN-IN DIDN'T WORK
        </h2>
        <p className="mt-1 text-sm text-danger-ink">
          We couldn't sign you in. This happens when sign-in is cancelled, takes too long, or the sign-in page
          can't be reached. Nothing was changed; you can try again now.
        </p>
        {/* A link: it signs in whether or not the page's scripts have run. */}
        <Button asChild variant="destructive" size="sm" className="mt-3">
          <a href={loginUrl('/')} data-testid="sign-in-retry">
            TRY AGAIN
          </a>
        </Button>
      </div>
      <button
        type="button"
        aria-label="Dismiss"
        className="absolute top-3 right-3 rounded-md p-1 text-danger-ink hover:bg-danger-surface-strong"
        onClick={onDismiss}
        data-testid="sign-in-failed-dismiss"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </section>
  );
}
