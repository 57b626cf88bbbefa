import type { CurrentUser } from '@daybreak/contracts';
import { Link } from '@tanstack/react-router';
import { Bell } from 'lucide-react';
import { useState } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Dialog, DialogTrigger } from '@/components/ui/dialog';
import { Tooltip, TooltipProvider } from '@/components/ui/tooltip';
import { firstNameInitial } from '@/features/auth/user-initial';
import { NotificationsSheetContent } from '@/features/notifications/notifications-sheet';
import { HEADER_UNREAD_CAP } from '@/features/notifications/unread-count';
import { useUnreadCount } from '@/features/notifications/use-unread-count';
import { BrandMark } from './brand';
import { UnreadBadge } from './unread-badge';

// The router marks the current link with data-status="active".
const navLinkClass =
  'rounded-lg px-3 py-2 text-xs font-black tracking-widest text-muted transition-colors hover:bg-canvas hover:text-ink ' +
  'data-[status=active]:bg-inverse data-[status=active]:text-on-inverse';

/** Spec §2: medium screens and wider, signed-in members only (the caller checks sign-in). */
export function DesktopHeader({ user }: { user: CurrentUser }) {
  const unread = useUnreadCount();
  const [sheetOpen, setSheetOpen] = useState(false);

  return (
    <header
      className="sticky top-0 z-40 hidden border-b border-line bg-surface/90 backdrop-blur md:block"
      data-testid="app-header"
    >
      <div className="mx-auto flex h-16 max-w-5xl items-center gap-6 px-6">
        <Link to="/" className="flex items-center gap-2" aria-label="Daybreak home">
          <BrandMark />
          <span className="text-lg font-black tracking-tight">Daybreak</span>
        </Link>

        <nav className="flex items-center gap-1" aria-label="Main">
          <Link to="/" activeOptions={{ exact: true, includeSearch: false }} className={navLinkClass}>
            FOR YOU
          </Link>
          <Link to="/following" className={navLinkClass}>
            FOLLOWING
          </Link>
          <Link to="/create-post" className={navLinkClass}>
            POST
          </Link>
        </nav>

        <div className="ml-auto flex items-center gap-4">
          <Dialog open={sheetOpen} onOpenChange={setSheetOpen}>
            {/* The only tooltips are the header's, so their provider lives here, not around the app. */}
            <TooltipProvider>
              <Tooltip label="Notifications">
                <DialogTrigger
                  className="relative rounded-full p-2 text-ink-soft hover:bg-canvas"
                  data-testid="notifications-bell"
                >
                  <Bell className="size-5" aria-hidden="true" />
                  {/* Not aria-label: the visible count must be part of the name ("Notifications 3 unread"). */}
                  <span className="sr-only">Notifications</span>
                  <UnreadBadge count={unread} cap={HEADER_UNREAD_CAP} />
                </DialogTrigger>
              </Tooltip>
            </TooltipProvider>
            {sheetOpen && <NotificationsSheetContent onClose={() => setSheetOpen(false)} />}
          </Dialog>
          {/* Named by its text, not aria-label: a label that left out the visible initial would not match
              what a voice-control user reads on screen (WCAG 2.5.3). The picture itself is decoration. */}
          <Link to="/profile" data-testid="header-profile-link">
            <Avatar src={user.profileImageUrl} initial={firstNameInitial(user)} alt="" size="sm" />
            <span className="sr-only">Your profile</span>
          </Link>
        </div>
      </div>
    </header>
  );
}
