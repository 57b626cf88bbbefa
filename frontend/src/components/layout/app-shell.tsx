import { lazy, Suspense, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/features/auth/use-auth';
import { useUnreadCountStream } from '@/features/notifications/unread-stream';
import { useOnline } from '@/lib/use-online';
import { MobileNav } from './mobile-nav';
import { SuspendedNotice } from '@/features/moderation/suspended-notice';
import { OfflineNotice } from './offline-notice';

const MAIN_ID = 'main-content';

// Members only: the header's tooltip and notification sheet (Radix) load with it, not with a guest's page.
const DesktopHeader = lazy(() =>
  import('./desktop-header').then((module) => ({ default: module.DesktopHeader })),
);

/** The header's box while its code loads, so the screen below does not shift when it appears. */
function DesktopHeaderPlaceholder() {
  return <div className="hidden h-16 box-content border-b border-line bg-surface/90 md:block" />;
}

/** The first stop for keyboard users: past the header and its links, straight to the screen. */
function SkipLink() {
  return (
    <a
      href={`#${MAIN_ID}`}
      className="sr-only rounded-lg bg-inverse text-sm font-bold text-on-inverse focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:px-4 focus:py-2"
      data-testid="skip-link"
      onClick={(event) => {
        // Focus, not a hash change: the router owns the URL.
        event.preventDefault();
        document.getElementById(MAIN_ID)?.focus();
      }}
    >
      Skip to content
    </a>
  );
}

export function AppShell({ children }: { children: ReactNode }) {
  const { user, error, refetch } = useAuth();
  // One unread-count stream per page, feeding the header bell, the mobile badge and the side sheet.
  useUnreadCountStream(Boolean(user));
  const online = useOnline();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      {!online && <OfflineNotice />}
      {user?.isSuspended && <SuspendedNotice />}
      {user && (
        <Suspense fallback={<DesktopHeaderPlaceholder />}>
          <DesktopHeader user={user} />
        </Suspense>
      )}
      {/* Offline, the notice above says why the session check failed; it reruns on reconnect. */}
      {error && online && (
        <div
          role="alert"
          className="flex items-center justify-center gap-3 bg-danger-surface px-4 py-2 text-sm text-danger-ink"
        >
          {error.message}
          <Button size="sm" variant="outline" onClick={refetch}>
            Retry
          </Button>
        </div>
      )}
      {/* Room for the fixed bottom nav on small screens. */}
      <main id={MAIN_ID} tabIndex={-1} className="flex-1 pb-24 outline-none md:pb-10">
        {children}
      </main>
      <MobileNav />
    </div>
  );
}
