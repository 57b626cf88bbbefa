import { Link } from '@tanstack/react-router';
import { Plus } from 'lucide-react';

export function FloatingPostButton() {
  return (
    <Link
      to="/create-post"
      aria-label="Create post"
      data-testid="floating-post-button"
      className="fixed right-5 bottom-24 z-30 flex size-14 items-center justify-center rounded-full bg-gradient-to-br from-amber-400 to-orange-500 text-on-accent shadow-lg shadow-orange-500/30 transition-transform hover:scale-105 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-500 md:bottom-8"
    >
      <Plus className="size-7" aria-hidden="true" />
    </Link>
  );
}
