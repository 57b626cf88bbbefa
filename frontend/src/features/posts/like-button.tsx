import { Heart } from 'lucide-react';
import { cn } from '@/lib/cn';

export function LikeButton({
  liked,
  count,
  onClick,
  disabled = false,
}: {
  liked: boolean;
  count: number;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-pressed={liked}
      data-testid="like-button"
      className={cn(
        'inline-flex items-center gap-1.5 rounded-lg px-2 py-1 text-sm font-semibold transition-colors hover:bg-rose-50 disabled:opacity-60 dark:hover:bg-rose-950/50',
        liked
          ? 'text-rose-600 dark:text-rose-400'
          : 'text-muted hover:text-rose-600 dark:hover:text-rose-400',
      )}
    >
      <Heart
        className={cn('size-5 transition-transform', liked && 'scale-110 fill-current')}
        aria-hidden="true"
      />
      {/* The name includes the visible count ("Like 3"); aria-pressed says whether it is liked. */}
      <span className="sr-only">Like</span> <span data-testid="like-count">{count}</span>
    </button>
  );
}
