import { Link } from '@tanstack/react-router';
import { Bell, Home, PlusCircle, User, Users, type LucideIcon } from 'lucide-react';
import { cn } from '@/lib/cn';
import { useAuth } from '@/features/auth/use-auth';
import { MOBILE_UNREAD_CAP } from '@/features/notifications/unread-count';
import { useUnreadCount } from '@/features/notifications/use-unread-count';
import { loginUrl } from '@/lib/navigation';
import { UnreadBadge } from './unread-badge';

type NavTarget = '/' | '/following' | '/create-post' | '/notifications' | '/profile';

interface NavItem {
  to: NavTarget;
  label: string;
  icon: LucideIcon;
  requiresAuth: boolean;
  testId: string;
}

/** Spec §2 order; Post sits in the centre. */
export const mobileNavItems: readonly NavItem[] = [
  { to: '/', label: 'For You', icon: Home, requiresAuth: false, testId: 'nav-for-you' },
  { to: '/following', label: 'Following', icon: Users, requiresAuth: true, testId: 'nav-following' },
  { to: '/create-post', label: 'Post', icon: PlusCircle, requiresAuth: true, testId: 'nav-post' },
  { to: '/notifications', label: 'Alerts', icon: Bell, requiresAuth: true, testId: 'nav-alerts' },
  { to: '/profile', label: 'Profile', icon: User, requiresAuth: true, testId: 'nav-profile' },
];

const itemClass =
  'relative flex flex-1 flex-col items-center justify-center gap-0.5 py-2 text-[11px] font-bold text-subtle transition-colors ' +
  'data-[status=active]:text-accent-ink';

export function MobileNav() {
  const { isAuthenticated } = useAuth();
  const unread = useUnreadCount();

  return (
    <nav
      aria-label="Main"
      data-testid="bottom-nav"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-line bg-surface/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      <ul className="mx-auto flex max-w-md items-stretch">
        {mobileNavItems.map((item) => {
          const Icon = item.icon;
          const isPost = item.to === '/create-post';
          const content = (
            <>
              <span
                className={cn(
                  'relative',
                  // The spec's centre item, named like the others: a sunrise pill above its label.
                  isPost &&
                    'rounded-full bg-gradient-to-br from-amber-400 to-orange-500 px-3 py-0.5 text-on-accent shadow',
                )}
              >
                <Icon className="size-6" aria-hidden="true" />
                {item.to === '/notifications' && isAuthenticated && (
                  <UnreadBadge count={unread} cap={MOBILE_UNREAD_CAP} />
                )}
              </span>
              <span>{item.label}</span>
            </>
          );
          return (
            <li key={item.to} className="flex flex-1">
              {item.requiresAuth && !isAuthenticated ? (
                // Guests tapping a member-only tab go straight to login, then back to that tab: a link,
                // so it works on a server-rendered page before the scripts have run.
                <a href={loginUrl(item.to)} className={itemClass} data-testid={item.testId}>
                  {content}
                </a>
              ) : (
                <Link
                  to={item.to}
                  className={itemClass}
                  activeOptions={{ exact: item.to === '/', includeSearch: false }}
                  data-testid={item.testId}
                >
                  {content}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
