import { UserCheck, UserPlus } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** Follow / Following toggle; pressed while the viewer follows the member. */
export function FollowButton({
  following,
  onClick,
  name,
  size = 'md',
}: {
  following: boolean;
  onClick: () => void;
  /** Whom the button follows, for screen readers in lists. */
  name?: string;
  size?: 'sm' | 'md';
}) {
  return (
    <Button
      variant={following ? 'outline' : 'primary'}
      size={size}
      onClick={onClick}
      aria-pressed={following}
      aria-label={name ? `${following ? 'Unfollow' : 'Follow'} ${name}` : undefined}
      data-testid="follow-button"
    >
      {following ? <UserCheck aria-hidden="true" /> : <UserPlus aria-hidden="true" />}
      {following ? 'Following' : 'Follow'}
    </Button>
  );
}
