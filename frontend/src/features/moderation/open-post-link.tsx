import { Link } from '@tanstack/react-router';
import { cn } from '@/lib/cn';

/** "Open the post" under a reported or hidden post's or comment's text, for the moderator to see it whole. */
export function OpenPostLink({ postId, className }: { postId: string; className?: string }) {
  return (
    <Link
      to="/post/$id"
      params={{ id: postId }}
      className={cn('text-xs font-semibold text-accent-ink hover:underline', className)}
    >
      Open the post
    </Link>
  );
}
