import { displayName } from '@daybreak/contracts';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { MessageCircle, Share2 } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { OptimizedImage } from '@/components/ui/optimized-image';
import { useAuth } from '@/features/auth/use-auth';
import { HiddenNotice } from '@/features/moderation/hidden-notice';
import { BackToFeed } from './back-to-feed';
import { DeletePostButton } from './delete-actions';
import { LikeButton } from './like-button';
import { PostBadgesEarned } from './post-badges-earned';
import { postAuthor } from './post-author';
import { PostDetailComments } from './post-detail-comments';
import { PostDetailHeader } from './post-detail-header';
import { likeStatusQueryOptions, postDetailQueryOptions, useLikeAfterSuccess } from './queries';
import { sharePost } from './share-post';
import { toastLikeFailed } from './use-optimistic-like';

export function PostDetailPage({ postId }: { postId: string }) {
  const { data: post } = useSuspenseQuery(postDetailQueryOptions(postId));
  const { isAuthenticated, user: viewer } = useAuth();
  const navigate = useNavigate();
  const author = postAuthor(post, viewer);
  const likeStatus = useQuery(likeStatusQueryOptions(postId, isAuthenticated));
  const liked = likeStatus.data?.isLiked ?? post.isLiked;
  const like = useLikeAfterSuccess({ ...post, isLiked: liked });
  const authorName = displayName(author);

  // A member's tap: a guest's like is a link to sign-in (LikeButton).
  function toggleLike() {
    // Spec §4: on the detail page the like changes after the server agrees.
    like.mutate(undefined, { onError: toastLikeFailed });
  }

  return (
    <div className="mx-auto w-full max-w-2xl space-y-4 px-4 py-6">
      <BackToFeed />
      <Card className="overflow-hidden" data-testid="post-detail" data-post-id={post.id}>
        <PostDetailHeader
          post={post}
          author={author}
          onBlocked={() => navigate({ to: '/', replace: true })}
        />

        {post.isHidden && (
          <div className="px-5 pb-4">
            <HiddenNotice what="post" />
          </div>
        )}

        {post.content && (
          <p
            className="px-5 pb-4 text-lg leading-relaxed break-words whitespace-pre-wrap text-ink-soft"
            data-testid="post-content"
          >
            {post.content}
          </p>
        )}

        <PostBadgesEarned postId={postId} />

        {post.imageUrl && (
          <OptimizedImage src={post.imageUrl} alt={`Photo shared by ${authorName}`} priority />
        )}

        <footer className="flex items-center gap-2 border-t border-line-soft px-3 py-2">
          <LikeButton
            liked={liked}
            count={post.likesCount}
            onClick={toggleLike}
            disabled={like.isPending}
            guest={!isAuthenticated}
          />
          <span className="inline-flex items-center gap-1.5 px-2 text-sm font-semibold text-muted">
            <MessageCircle className="size-5" aria-hidden="true" />
            <span data-testid="comment-count">{post.commentsCount}</span>
            <span className="sr-only">comments</span>
          </span>
          <button
            type="button"
            className="ml-auto inline-flex items-center gap-1.5 rounded-lg px-2 py-1 text-sm font-semibold text-muted hover:bg-canvas hover:text-ink"
            data-testid="share-button"
            onClick={() => void sharePost(post)}
          >
            <Share2 className="size-5" aria-hidden="true" /> Share
          </button>
          {viewer?.id === post.userId && (
            <DeletePostButton
              postId={post.id}
              withLabel
              className="inline-flex items-center gap-1.5 rounded-lg px-2 py-1 text-sm font-semibold text-muted hover:bg-canvas hover:text-ink"
              // Its page has nothing left to show: back to the feed, in place of this page.
              onDeleted={() => navigate({ to: '/', replace: true })}
            />
          )}
        </footer>
      </Card>

      <PostDetailComments postId={postId} post={post} />
    </div>
  );
}
