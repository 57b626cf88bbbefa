import { Link } from '@tanstack/react-router';
import { CloudMoon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ScreenMessage } from './screen-message';

export function NotFound() {
  return (
    <ScreenMessage
      icon={CloudMoon}
      title="404 Page Not Found"
      data-testid="not-found"
      actions={
        <Button asChild variant="primary">
          <Link to="/">Go to the feed</Link>
        </Button>
      }
    >
      This page hasn't risen yet, and it might never. Let's get you back to the morning.
    </ScreenMessage>
  );
}
