import { useQuery } from '@tanstack/react-query';
import type { Post } from '@daybreak/contracts';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useNow } from '@/lib/use-now';
import { CommentForm } from './comment-form';
import { CommentList } from './comment-list';
import { CommentsLoadError } from './comments-load-error';
import { postCommentsQueryOptions } from './queries';

export const DETAIL_COMMENT_FAILED_MESSAGE = 'Failed to post comment. Please try again.';

/** A post's page, below the post: all its comments (the feed's card shows three, post-comments.tsx). */
export function PostDetailComments({ postId, post }: { postId: string; post: Post }) {
  const comments = useQuery(postCommentsQueryOptions(postId));
  const now = useNow();

  return (
    <Card className="space-y-4 p-5" aria-label="Comments">
      <h2 className="text-sm font-black tracking-widest text-subtle">COMMENTS</h2>
      {comments.isPending && (
        <div className="space-y-3">
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-2/3" />
        </div>
      )}
      {comments.isLoadingError && <CommentsLoadError onRetry={() => void comments.refetch()} />}
      {comments.data && comments.data.length === 0 && (
        <p className="text-sm text-subtle">No comments yet. Start the conversation!</p>
      )}
      {comments.data && (
        <CommentList postId={post.id} postAuthorId={post.userId} comments={comments.data} now={now} />
      )}
      <CommentForm postId={post.id} failureMessage={DETAIL_COMMENT_FAILED_MESSAGE} />
    </Card>
  );
}
