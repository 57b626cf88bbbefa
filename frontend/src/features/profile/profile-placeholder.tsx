import { displayName } from '@daybreak/contracts';
import { Link } from '@tanstack/react-router';
import { ArrowLeft, LogOut } from 'lucide-react';
import { ComingSoon } from '@/components/layout/coming-soon';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/features/auth/use-auth';
import { logout, redirectToLogin } from '@/lib/navigation';
import { profileBackLink, type ProfileFrom } from './back-link';

/**
 * Until the profile screen is built: the back link of spec §2 and, on the member's own profile, the
 * email and logout that only the owner sees.
 */
export function ProfilePlaceholder({ userId, from }: { userId?: string; from: ProfileFrom }) {
  const { user } = useAuth();
  const back = profileBackLink(from);
  const isOwn = user !== null && (userId === undefined || userId === user.id);

  return (
    <div>
      <div className="mx-auto w-full max-w-2xl px-4 pt-6">
        <Link
          to={back.to}
          className="inline-flex items-center gap-1 text-sm font-bold text-stone-600 hover:text-stone-950"
          data-testid="profile-back-link"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          {back.label}
        </Link>
      </div>
      <ComingSoon screen={isOwn ? `${displayName(user)}'s profile` : 'Profile'}>
        {isOwn && (
          <div className="flex flex-col items-center gap-2">
            {user.email && (
              <p className="text-sm text-stone-700" data-testid="profile-email">
                {user.email}
              </p>
            )}
            <Button variant="destructive" onClick={logout} data-testid="logout-button">
              <LogOut aria-hidden="true" /> LOGOUT
            </Button>
          </div>
        )}
        {!user && userId === undefined && (
          <Button variant="primary" onClick={() => redirectToLogin('/profile')} data-testid="login-button">
            SIGN IN TO SEE YOUR PROFILE
          </Button>
        )}
      </ComingSoon>
    </div>
  );
}
