import { Link } from '@tanstack/react-router';
import { ArrowLeft, UserRound } from 'lucide-react';
import { SignInPrompt } from '@/features/auth/sign-in-prompt';
import { useAuth } from '@/features/auth/use-auth';
import { profileBackLink, type ProfileFrom } from './back-link';
import { ProfileContent } from './profile-content';

/**
 * `/profile` and `/profile/{id}` (spec §2). It is the member's own profile when there is no id or the
 * id is theirs (spec §6).
 */
export function ProfilePage({ userId, from }: { userId?: string; from: ProfileFrom }) {
  const { user } = useAuth();
  const back = profileBackLink(from);
  const id = userId ?? user?.id;

  return (
    <div className="mx-auto w-full max-w-2xl space-y-4 px-4 py-6">
      <Link
        to={back.to}
        search={back.search}
        className="inline-flex items-center gap-1 text-sm font-bold text-muted hover:text-ink"
        data-testid="profile-back-link"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {back.label}
      </Link>
      {id === undefined ? (
        <SignInPrompt
          title="YOUR PROFILE"
          description="Sign in to see your streaks, your badges and your mornings."
          returnTo="/profile"
          icon={<UserRound className="size-10 text-accent" aria-hidden="true" />}
        />
      ) : (
        <ProfileContent key={id} userId={id} viewer={user} />
      )}
    </div>
  );
}
