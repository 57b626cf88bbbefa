import { TryAgainButton } from '@/components/ui/try-again-button';

/** The comments could not be read: on a post's page and in a feed card's expanded comments alike. */
export function CommentsLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <p className="text-sm text-danger-ink" role="alert">
      Couldn't load the comments. <TryAgainButton onClick={onRetry} />
    </p>
  );
}
