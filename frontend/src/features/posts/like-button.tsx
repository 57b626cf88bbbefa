import { Heart } from 'lucide-react';
import { GuestSignInLink } from '@/features/auth/guest-sign-in-link';
import { cn } from '@/lib/cn';

const likeClass =
  'inline-flex items-center gap-1.5 rounded-lg px-2 py-1 text-sm font-semibold transition-colors hover:bg-rose-50 disabled:opacity-60 dark:hover:bg-rose-950/50';

export function LikeButton({
  liked,
  count,
  onClick,
  disabled = false,
  guest = false,
}: {
  liked: boolean;
  count: number;
  onClick: () => void;
  disabled?: boolean;
  /** A guest's like is a link to sign-in (spec §5), so it works before the page has hydrated. */
  guest?: boolean;
}) {
  const content = (
    <>
      <Heart
        className={cn('size-5 transition-transform', liked && 'scale-110 fill-current')}
        aria-hidden="true"
      />
      {/* The name includes the visible count ("Like 3"); aria-pressed says whether it is liked. */}
      <span className="sr-only">Like</span> <span data-testid="like-count">{count}</span>
    </>
  );
  const unliked = 'text-muted hover:text-rose-600 dark:hover:text-rose-400';
  if (guest) {
    return (
      <GuestSignInLink
        explanation="Log in to like posts."
        data-testid="like-button"
        className={cn(likeClass, unliked)}
      >
        {content}
      </GuestSignInLink>
    );
  }
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-pressed={liked}
      data-testid="like-button"
      className={cn(likeClass, liked ? 'text-rose-600 dark:text-rose-400' : unliked)}
    >
      {content}
    </button>
  );
}
