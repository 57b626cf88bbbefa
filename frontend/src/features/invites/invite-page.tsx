import { displayName, type Inviter } from '@daybreak/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Award, Flame, LogIn, Sunrise, Users } from 'lucide-react';
import { useEffect } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useAuth } from '@/features/auth/use-auth';
import { errorDetail, errorStatus } from '@/lib/api-client';
import { loginUrl } from '@/lib/navigation';
import { inviteQueryOptions, useAcceptInvite } from './queries';

/** Spec §2: profileName, else first plus last, else first name, else 'Someone'. */
export function inviterName(inviter: Inviter): string {
  return displayName(inviter, 'Someone');
}

const WELCOME_TITLE = 'Welcome to Daybreak!';

/** `/invite/{code}` (spec §2): validating, then the invitation or the generic landing. */
export function InvitePage({ code }: { code: string }) {
  const invite = useQuery({ ...inviteQueryOptions(code), retry: false });

  // Said once the link can't be read at all; a failed refresh keeps the invitation in view.
  const failure = invite.isLoadingError ? invite.error : null;
  useEffect(() => {
    if (!failure) return;
    // A status means the server answered "no such code"; none means the request never got through.
    const invalid = errorStatus(failure) !== null;
    toast({
      title: invalid ? 'Invalid or expired invite link' : 'Failed to validate invite link',
      variant: 'destructive',
    });
  }, [failure]);

  return (
    <div className="mx-auto w-full max-w-lg px-4 py-10">
      {invite.isPending && <InviteSkeleton />}
      {invite.isLoadingError && <GenericInviteLanding />}
      {invite.data && <Invitation code={code} inviter={invite.data.inviter} />}
    </div>
  );
}

function Invitation({ code, inviter }: { code: string; inviter: Inviter }) {
  const { isAuthenticated, isLoading } = useAuth();
  const accept = useAcceptInvite(code);
  const navigate = useNavigate();
  const name = inviterName(inviter);

  function acceptInvite() {
    accept.mutate(undefined, {
      onSuccess: () =>
        toast({
          title: WELCOME_TITLE,
          description: "You're now following each other. Start sharing your morning journey!",
          variant: 'success',
        }),
      // Spec §8: the member has still joined; the welcome stands even if the follow did not happen.
      // A block between the two (403, issue 42) says so instead: no follow will happen.
      onError: (error) =>
        toast(
          errorStatus(error) === 403
            ? {
                title: 'INVITE REFUSED',
                description: errorDetail(error) ?? undefined,
                variant: 'destructive',
              }
            : {
                title: WELCOME_TITLE,
                description: "You've joined the community! Start sharing your morning journey.",
              },
        ),
      onSettled: () => void navigate({ to: '/' }),
    });
  }

  return (
    <Card className="flex flex-col items-center gap-4 px-6 py-10 text-center" data-testid="invite-valid">
      <Avatar src={inviter.profileImageUrl} initial={name.charAt(0).toUpperCase()} alt={name} size="xl" />
      {inviter.streakCount > 0 && (
        <Badge variant="sunrise" size="md" data-testid="inviter-streak">
          <Flame className="size-3.5" aria-hidden="true" />
          {inviter.streakCount} DAY STREAK
        </Badge>
      )}
      <h1 className="text-2xl font-black tracking-tight" data-testid="invite-title">
        {inviter.isCurrentUser ? 'THIS IS YOUR INVITE LINK' : `${name} INVITED YOU TO JOIN`}
      </h1>
      <p className="max-w-sm text-sm text-muted">
        {inviter.isCurrentUser
          ? 'Share it with as many friends as you like: each one who joins follows you, and you follow them back.'
          : "Rise early, share your mornings and keep each other going. You'll follow each other as soon as you join."}
      </p>
      {inviter.isCurrentUser ? (
        // Accepting one's own invite can only fail (the server refuses it), so it is not offered.
        <Button variant="primary" size="lg" asChild>
          <Link to="/" data-testid="own-invite-back">
            Back to feed
          </Link>
        </Button>
      ) : isLoading ? (
        <Skeleton className="h-12 w-48" />
      ) : isAuthenticated ? (
        <Button
          variant="primary"
          size="lg"
          disabled={accept.isPending}
          onClick={acceptInvite}
          data-testid="accept-invite"
        >
          {accept.isPending ? 'JOINING...' : 'ACCEPT INVITE'}
        </Button>
      ) : (
        // A link, so it signs in from the server-rendered invite before the scripts have run.
        <Button variant="primary" size="lg" asChild>
          <a href={loginUrl(`/invite/${code}`)} data-testid="sign-in-to-join">
            <LogIn aria-hidden="true" /> SIGN IN TO JOIN
          </a>
        </Button>
      )}
      {!inviter.isCurrentUser && (
        <Link to="/" className="text-sm font-semibold text-subtle hover:underline" data-testid="maybe-later">
          Maybe Later
        </Link>
      )}
    </Card>
  );
}

const benefits = [
  { icon: Flame, text: 'Streaks that reward every early morning' },
  { icon: Users, text: 'A community of people who rise early too' },
  { icon: Award, text: 'Badges and a weekly leaderboard' },
];

/** Spec §2: the landing for an invalid code (or one we could not check). */
function GenericInviteLanding() {
  const { isAuthenticated } = useAuth();
  return (
    <Card className="flex flex-col items-center gap-5 px-6 py-10 text-center" data-testid="invite-invalid">
      <Sunrise className="size-12 text-accent" aria-hidden="true" />
      <h1 className="text-3xl font-black tracking-tight">JOIN THE REVOLUTION</h1>
      <p className="max-w-sm text-sm text-muted">Chase your dreams before the world wakes up.</p>
      <div className="w-full text-left">
        <h2 className="mb-2 text-xs font-black tracking-widest text-subtle uppercase">What you'll get</h2>
        <ul className="space-y-2">
          {benefits.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-center gap-3 rounded-xl bg-surface-muted px-3 py-2 text-sm">
              <Icon className="size-4 shrink-0 text-accent" aria-hidden="true" />
              {text}
            </li>
          ))}
        </ul>
      </div>
      <div className="flex flex-wrap justify-center gap-2">
        {!isAuthenticated && (
          <Button asChild variant="primary" size="lg">
            <a href={loginUrl('/')} data-testid="login-button">
              <LogIn aria-hidden="true" /> SIGN IN
            </a>
          </Button>
        )}
        <Button asChild variant="outline" size="lg">
          <Link to="/" data-testid="enter-app">
            ENTER DAYBREAK
          </Link>
        </Button>
      </div>
    </Card>
  );
}

function InviteSkeleton() {
  return (
    <Card
      className="flex flex-col items-center gap-4 px-6 py-10"
      aria-busy="true"
      data-testid="invite-skeleton"
    >
      <Skeleton rounded="full" className="size-24" />
      <Skeleton className="h-6 w-64" />
      <Skeleton className="h-3 w-56" />
      <Skeleton className="h-12 w-48" />
    </Card>
  );
}
