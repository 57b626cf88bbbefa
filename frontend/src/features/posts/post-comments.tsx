import { FEED_COMMENT_PREVIEW, type Post } from '@daybreak/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CommentForm } from './comment-form';
import { CommentList } from './comment-list';
import { CommentsLoadError } from './comments-load-error';
import { postCommentsQueryOptions } from './queries';

export const FEED_COMMENT_FAILED_MESSAGE = 'Failed to add comment. Please try again.';

/**
 * The feed's comment area: the first three comments, then 'Show N more comments', which loads the
 * rest in place.
 */
export function PostComments({ post, now, composerOpen }: { post: Post; now: Date; composerOpen: boolean }) {
  const [expanded, setExpanded] = useState(false);
  const all = useQuery(postCommentsQueryOptions(post.id, expanded));
  const preview = (post.comments ?? []).slice(0, FEED_COMMENT_PREVIEW);
  const shown = expanded && all.data ? all.data : preview;
  const hidden = Math.max(0, post.commentsCount - preview.length);

  if (shown.length === 0 && !composerOpen) return null;

  return (
    <div className="space-y-3 border-t border-line-soft px-4 py-3">
      <CommentList postId={post.id} postAuthorId={post.userId} comments={shown} now={now} />
      {!expanded && hidden > 0 && (
        <button
          type="button"
          className="text-sm font-semibold text-muted hover:text-ink hover:underline"
          data-testid="show-more-comments"
          onClick={() => setExpanded(true)}
        >
          Show {hidden} more comments
        </button>
      )}
      {expanded && all.isPending && <p className="text-sm text-subtle">Loading comments...</p>}
      {expanded && all.isLoadingError && <CommentsLoadError onRetry={() => void all.refetch()} />}
      {composerOpen && (
        <CommentForm postId={post.id} failureMessage={FEED_COMMENT_FAILED_MESSAGE} openedByMember />
      )}
    </div>
  );
}
