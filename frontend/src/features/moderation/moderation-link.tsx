import { Link } from '@tanstack/react-router';
import { ShieldCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/features/auth/use-auth';

/** MODERATION on a moderator's own profile (issue 42); nothing for everyone else. */
export function ModerationLink() {
  const { user } = useAuth();
  if (!user?.isModerator) return null;
  return (
    <Button asChild variant="outline" data-testid="moderation-link">
      <Link to="/moderation">
        <ShieldCheck aria-hidden="true" /> MODERATION
      </Link>
    </Button>
  );
}
