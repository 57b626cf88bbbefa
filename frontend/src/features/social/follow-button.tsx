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
      // The visible word leads the name (WCAG 2.5.3); aria-pressed tells whether it is on.
      aria-label={name ? `${following ? 'Following' : 'Follow'} ${name}` : undefined}
      data-testid="follow-button"
    >
      {following ? <UserCheck aria-hidden="true" /> : <UserPlus aria-hidden="true" />}
      {following ? 'Following' : 'Follow'}
    </Button>
  );
}
