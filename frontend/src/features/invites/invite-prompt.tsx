import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { promptGuestLogin } from '@/features/auth/session';
import { useAuth } from '@/features/auth/use-auth';
import { InviteFriendsDialog } from './invite-friends-dialog';

/** Spec §9: members with 3 or fewer followers are asked to invite friends. */
export const INVITE_PROMPT_MAX_FOLLOWERS = 3;

export function shouldPromptInvites(followersCount: number): boolean {
  return followersCount <= INVITE_PROMPT_MAX_FOLLOWERS;
}

/** Asks a member with few followers to bring friends: share an invite, or Maybe Later. */
export function InvitePrompt({ followersCount }: { followersCount: number }) {
  const [dismissed, setDismissed] = useState(false);
  const { isAuthenticated } = useAuth();
  if (dismissed || !shouldPromptInvites(followersCount)) return null;

  const shareButton = (
    <Button variant="primary" data-testid="share-invite">
      <UserPlus aria-hidden="true" /> SHARE INVITE
    </Button>
  );
  return (
    <Card className="flex flex-col items-center gap-3 px-6 py-8 text-center" data-testid="invite-prompt">
      <h2 className="text-lg font-black tracking-tight">MORNINGS ARE BETTER TOGETHER</h2>
      <p className="max-w-sm text-sm text-muted">
        Invite friends who rise early. When they join with your link, you follow each other automatically.
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        {isAuthenticated ? (
          <InviteFriendsDialog trigger={shareButton} />
        ) : (
          <Button
            variant="primary"
            onClick={() => promptGuestLogin('Log in to invite friends.')}
            data-testid="share-invite"
          >
            <UserPlus aria-hidden="true" /> SHARE INVITE
          </Button>
        )}
        <Button variant="ghost" onClick={() => setDismissed(true)} data-testid="invite-maybe-later">
          Maybe Later
        </Button>
      </div>
    </Card>
  );
}
