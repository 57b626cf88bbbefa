/** What a profile's header offers: the member's own edit and invite, or following someone else. */
import { displayName, type ProfileWithPosts } from '@daybreak/contracts';
import { UserPlus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { handleUnauthorized } from '@/features/auth/session';
import { InviteFriendsDialog } from '@/features/invites/invite-friends-dialog';
import { FollowButton } from '@/features/social/follow-button';
import { useFollowToggle } from '@/features/social/queries';
import { errorDetail } from '@/lib/api-client';
import { EditProfileDialog } from './edit-profile-dialog';

export function OwnActions({ profile }: { profile: ProfileWithPosts }) {
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

export function ProfileFollowButton({ profile }: { profile: ProfileWithPosts }) {
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
