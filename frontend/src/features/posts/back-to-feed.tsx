import { Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';

export function BackToFeed() {
  return (
    <Link
      to="/"
      className="inline-flex items-center gap-1 text-sm font-bold text-muted hover:text-ink"
      data-testid="back-link"
    >
      <ArrowLeft className="size-4" aria-hidden="true" /> Back to feed
    </Link>
  );
}
