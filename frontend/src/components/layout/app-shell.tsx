import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/features/auth/use-auth';
import { useUnreadCountStream } from '@/features/notifications/unread-stream';
import { useOnline } from '@/lib/use-online';
import { DesktopHeader } from './desktop-header';
import { MobileNav } from './mobile-nav';
import { OfflineNotice } from './offline-notice';

export function AppShell({ children }: { children: ReactNode }) {
  const { user, error, refetch } = useAuth();
  // One unread-count stream per page, feeding the header bell, the mobile badge and the side sheet.
  useUnreadCountStream(Boolean(user));
  const online = useOnline();
  return (
    <div className="flex min-h-dvh flex-col">
      {!online && <OfflineNotice />}
      {user && <DesktopHeader user={user} />}
      {/* Offline, the notice above says why the session check failed; it reruns on reconnect. */}
      {error && online && (
        <div
          role="alert"
          className="flex items-center justify-center gap-3 bg-red-50 px-4 py-2 text-sm text-red-800"
        >
          {error.message}
          <Button size="sm" variant="outline" onClick={refetch}>
            Retry
          </Button>
        </div>
      )}
      {/* Room for the fixed bottom nav on small screens. */}
      <main className="flex-1 pb-24 md:pb-10">{children}</main>
      <MobileNav />
    </div>
  );
}
