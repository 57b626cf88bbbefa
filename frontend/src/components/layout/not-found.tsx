import { Link } from '@tanstack/react-router';
import { CloudMoon } from 'lucide-react';
import { Button } from '@/components/ui/button';

export function NotFound() {
  return (
    <div
      className="mx-auto flex w-full max-w-md flex-col items-center gap-4 px-4 py-20 text-center"
      data-testid="not-found"
    >
      <CloudMoon className="size-14 text-stone-400" aria-hidden="true" />
      <h1 className="text-3xl font-black tracking-tight">404 Page Not Found</h1>
      <p className="text-sm text-stone-600">
        This page hasn't risen yet, and it might never. Let's get you back to the morning.
      </p>
      <Button asChild variant="primary">
        <Link to="/">Go to the feed</Link>
      </Button>
    </div>
  );
}
