import { displayName, isUuid, type CurrentUser, type ProfileWithPosts } from '@daybreak/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowLeft, LogOut, UserPlus, UserRound } from 'lucide-react';
import { useEffect } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { handleUnauthorized, logout } from '@/features/auth/session';
import { SignInPrompt } from '@/features/auth/sign-in-prompt';
import { useAuth } from '@/features/auth/use-auth';
import { InviteFriendsDialog } from '@/features/invites/invite-friends-dialog';
import { PostCardSkeleton } from '@/features/posts/post-card-skeleton';
import { FollowButton } from '@/features/social/follow-button';
import { useFollowToggle } from '@/features/social/queries';
import { statisticsQueryOptions } from '@/features/streaks/queries';
import { trackEvent } from '@/lib/analytics';
import { errorDetail, errorStatus } from '@/lib/api-client';
import { profileBackLink, type ProfileFrom } from './back-link';
import { EditProfileDialog } from './edit-profile-dialog';
import { ProfileHeader } from './profile-header';
import { ProfilePosts } from './profile-posts';
import { ProfileStats } from './profile-stats';
import { SignOutEverywhere } from './sign-out-everywhere';
import { DownloadMyData } from './download-my-data';
import { DeleteAccount } from './delete-account';
import { profileQueryOptions } from './queries';
import { ProfileBadgeSections } from '@/features/badges/profile-badge-sections';
import { MorningsSection } from '@/features/mornings/mornings-section';
import { PushToggle } from '@/features/notifications/push-toggle';
import { BlockedAndMutedSection } from '@/features/safety/blocked-and-muted-section';
import { SafetyActions } from '@/features/safety/safety-actions';
import { ModerationLink } from '@/features/moderation/moderation-link';
import { ThemeChoice } from '@/features/theme/theme-choice';

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

/** A profile that is not there (MEMBER NOT FOUND), or did not load (with Try Again). */
function ProfileError({
  notFound,
  onRetry,
  withLogout = false,
}: {
  notFound: boolean;
  onRetry?: () => void;
  withLogout?: boolean;
}) {
  return (
    <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center" data-testid="profile-error">
      <h1 className="text-xl font-black tracking-tight">
        {notFound ? 'MEMBER NOT FOUND' : 'Unable to load this profile'}
      </h1>
      {!notFound && onRetry && (
        <Button variant="outline" onClick={onRetry}>
          Try Again
        </Button>
      )}
      {withLogout && <LogoutButton />}
    </Card>
  );
}

function ProfileContent({ userId, viewer }: { userId: string; viewer: CurrentUser | null }) {
  const isOwn = viewer?.id === userId;
  // No member has an id of another form: the API would refuse it (400) rather than miss it.
  const wellFormed = isUuid(userId);
  const profile = useQuery({ ...profileQueryOptions(userId), enabled: wellFormed });

  useEffect(() => {
    trackEvent('profile_viewed', { profile_user_id: userId, own_profile: isOwn });
  }, [userId, isOwn]);

  if (!wellFormed) return <ProfileError notFound />;
  if (profile.isPending) return <ProfileSkeleton />;
  if (profile.isError) {
    const status = errorStatus(profile.error);
    if (status === 401) {
      return (
        <SignInPrompt
          title="PROFILE"
          description="Sign in to see this early riser's mornings."
          returnTo={`/profile/${userId}`}
        />
      );
    }
    return (
      <ProfileError
        notFound={status === 404}
        onRetry={() => void profile.refetch()}
        // Signing out must not depend on the profile loading.
        withLogout={isOwn}
      />
    );
  }

  const data = isOwn ? { ...profile.data, email: profile.data.email ?? viewer.email } : profile.data;
  return (
    <div className="space-y-4" data-testid={isOwn ? 'own-profile' : 'other-profile'}>
      <ProfileHeader
        profile={data}
        actions={
          isOwn ? (
            <OwnActions profile={data} />
          ) : (
            <>
              <ProfileFollowButton profile={data} />
              <SafetyActions member={data} />
            </>
          )
        }
      />
      <ProfileStatistics profile={data} />
      <ProfileBadgeSections userId={userId} isOwn={isOwn} />
      {isOwn && <PushToggle />}
      {isOwn && <MorningsSection />}
      {isOwn && <ThemeChoice />}
      {isOwn && <BlockedAndMutedSection />}
      {/* A key per member: another profile starts again from its first page. */}
      <ProfilePosts key={data.id} profile={data} />
      {isOwn && (
        <div className="flex flex-wrap justify-center gap-2 pt-2">
          <ModerationLink />
          <LogoutButton />
          <SignOutEverywhere />
          <DownloadMyData />
          <DeleteAccount />
        </div>
      )}
    </div>
  );
}

function LogoutButton() {
  return (
    <Button variant="destructive" onClick={() => void logout()} data-testid="logout-button">
      <LogOut aria-hidden="true" /> LOGOUT
    </Button>
  );
}

function OwnActions({ profile }: { profile: ProfileWithPosts }) {
  return (
    <>
      <EditProfileDialog profile={profile} />
      <InviteFriendsDialog
        trigger={
          <Button variant="primary" size="sm" data-testid="invite-friends-button">
            <UserPlus aria-hidden="true" /> INVITE FRIENDS
          </Button>
        }
      />
    </>
  );
}

function ProfileFollowButton({ profile }: { profile: ProfileWithPosts }) {
  const toggle = useFollowToggle(profile.id, {
    onFailed: (error, wanted) => {
      if (handleUnauthorized(error)) return;
      toast({
        title: 'FOLLOW FAILED',
        // A block between the two is a 403 whose message says so (issue 42).
        description:
          errorDetail(error) ??
          (wanted
            ? 'Failed to follow user. Please try again.'
            : 'Failed to unfollow user. Please try again.'),
        variant: 'destructive',
      });
    },
  });
  return (
    <FollowButton
      following={profile.isFollowing}
      name={displayName(profile)}
      onClick={() => toggle(profile.isFollowing)}
    />
  );
}

function ProfileStatistics({ profile }: { profile: ProfileWithPosts }) {
  const statistics = useQuery(statisticsQueryOptions(profile.id));
  // The profile carries the streaks too, so the numbers show while the calendar loads.
  const counts = statistics.data ?? {
    fiveAmPostsCount: 0,
    sixAmPostsCount: 0,
    currentStreak: profile.currentStreak,
    longestStreak: profile.longestStreak,
    freezesHeld: 0,
  };
  const days = statistics.isError ? 'unavailable' : (statistics.data?.last30DaysActivity ?? null);
  return <ProfileStats counts={counts} days={days} />;
}

function ProfileSkeleton() {
  return (
    <div className="space-y-4" aria-busy="true" aria-label="Loading profile" data-testid="profile-skeleton">
      <Card className="flex items-center gap-4 p-5">
        <Skeleton rounded="full" className="size-24" />
        <div className="flex-1 space-y-2">
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-3 w-56" />
          <Skeleton className="h-3 w-24" />
        </div>
      </Card>
      <PostCardSkeleton />
    </div>
  );
}
