import { isUuid, type CurrentUser, type ProfileWithPosts } from '@daybreak/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { SignInPrompt } from '@/features/auth/sign-in-prompt';
import { statisticsQueryOptions } from '@/features/streaks/queries';
import { trackEvent } from '@/lib/analytics';
import { errorStatus } from '@/lib/api-client';
import { OwnActions, ProfileFollowButton } from './profile-actions';
import { ProfileHeader } from './profile-header';
import { ProfilePosts } from './profile-posts';
import { ProfileError, LogoutButton, ProfileSkeleton } from './profile-states';
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

/** One member's profile, own or another's, from its loading to its failures. */
export function ProfileContent({ userId, viewer }: { userId: string; viewer: CurrentUser | null }) {
  const isOwn = viewer?.id === userId;
  // No member has an id of another form: the API would refuse it (400) rather than miss it.
  const wellFormed = isUuid(userId);
  const profile = useQuery({ ...profileQueryOptions(userId), enabled: wellFormed });

  useEffect(() => {
    trackEvent('profile_viewed', { profile_user_id: userId, own_profile: isOwn });
  }, [userId, isOwn]);

  if (!wellFormed) return <ProfileError notFound />;
  if (profile.isPending) return <ProfileSkeleton />;
  // A failed refresh keeps the profile in view, unless it says the visitor signed out or it is gone.
  const status = profile.isError ? errorStatus(profile.error) : null;
  if (profile.isLoadingError || status === 401 || status === 404) {
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
  const days = statistics.isLoadingError ? 'unavailable' : (statistics.data?.last30DaysActivity ?? null);
  return <ProfileStats counts={counts} days={days} />;
}
