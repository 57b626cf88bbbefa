import { displayName } from '@daybreak/contracts';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { ArrowLeft, MessageCircle, Share2 } from 'lucide-react';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { OptimizedImage } from '@/components/ui/optimized-image';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/features/auth/use-auth';
import { postAuthor } from './post-author';
import { displayInitial } from '@/features/auth/user-initial';
import { dateFormat } from '@/lib/time';
import { useHydrated } from '@/lib/use-hydrated';
import { useNow } from '@/lib/use-now';
import { ClubChip } from './club-chip';
import { CommentForm } from './comment-form';
import { CommentList } from './comment-list';
import { HiddenNotice } from '@/features/moderation/hidden-notice';
import { DeletePostButton } from './delete-actions';
import { EarlyBirdTag } from './early-bird-tag';
import { LikeButton } from './like-button';
import { PostMenu } from './post-menu';
import {
  likeStatusQueryOptions,
  postBadgesQueryOptions,
  postCommentsQueryOptions,
  postDetailQueryOptions,
  useLikeAfterSuccess,
} from './queries';
import { sharePost } from './share-post';
import { toastLikeFailed } from './use-optimistic-like';

export const DETAIL_COMMENT_FAILED_MESSAGE = 'Failed to post comment. Please try again.';

/** The zone a post's date is written in where the device's is unknown (the server's render). */
const SERVER_ZONE = { timeZone: 'UTC' } as const;

function BackToFeed() {
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

export function PostDetailPage({ postId }: { postId: string }) {
  const { data: post } = useSuspenseQuery(postDetailQueryOptions(postId));
  const { isAuthenticated, user: viewer } = useAuth();
  const navigate = useNavigate();
  const author = postAuthor(post, viewer);
  const now = useNow();
  // The server knows neither the device's zone nor its language: UTC, said so, until hydrated.
  const hydrated = useHydrated();
  const locale = hydrated ? undefined : 'en-US';
  const zone = hydrated ? {} : SERVER_ZONE;
  const clockZone = hydrated ? {} : { ...SERVER_ZONE, timeZoneName: 'short' as const };
  const likeStatus = useQuery(likeStatusQueryOptions(postId, isAuthenticated));
  const comments = useQuery(postCommentsQueryOptions(postId));
  const badges = useQuery(postBadgesQueryOptions(postId));
  const liked = likeStatus.data?.isLiked ?? post.isLiked;
  const like = useLikeAfterSuccess({ ...post, isLiked: liked });
  const authorName = displayName(author);
  const created = new Date(post.createdAt);

  // A member's tap: a guest's like is a link to sign-in (LikeButton).
  function toggleLike() {
    // Spec §4: on the detail page the like changes after the server agrees.
    like.mutate(undefined, { onError: toastLikeFailed });
  }

  return (
    <div className="mx-auto w-full max-w-2xl space-y-4 px-4 py-6">
      <BackToFeed />
      <Card className="overflow-hidden" data-testid="post-detail" data-post-id={post.id}>
        <header className="flex items-center gap-3 p-5 pb-3">
          <Link to="/profile/$userId" params={{ userId: post.userId }}>
            <Avatar
              src={author.profileImageUrl}
              initial={displayInitial(author)}
              alt={authorName}
              size="lg"
            />
          </Link>
          <div className="min-w-0 flex-1">
            <Link
              to="/profile/$userId"
              params={{ userId: post.userId }}
              className="block truncate text-lg font-black text-ink hover:underline"
              data-testid="post-author"
            >
              {authorName}
            </Link>
            <p className="text-sm text-subtle">
              <time dateTime={post.createdAt}>
                {dateFormat(locale, {
                  weekday: 'long',
                  month: 'long',
                  day: 'numeric',
                  year: 'numeric',
                  ...zone,
                }).format(created)}{' '}
                · {dateFormat(locale, { hour: 'numeric', minute: '2-digit', ...clockZone }).format(created)}
              </time>
            </p>
          </div>
          <div className="flex flex-col items-end gap-1">
            <EarlyBirdTag post={post} />
            <ClubChip classification={post.timeClassification} />
          </div>
          <PostMenu post={post} onBlocked={() => navigate({ to: '/', replace: true })} />
        </header>

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

        {badges.data && badges.data.length > 0 && (
          <section className="px-5 pb-4" aria-label="Badges earned with this post" data-testid="post-badges">
            <h2 className="mb-2 text-xs font-black tracking-widest text-subtle">BADGES EARNED</h2>
            <div className="flex flex-wrap gap-2">
              {badges.data.map((badge) => (
                <Badge
                  key={badge.id}
                  variant="gold"
                  title={badge.description}
                  size="md"
                  data-testid="post-badge"
                  data-badge-id={badge.id}
                >
                  <span aria-hidden="true">{badge.emoji || badge.icon}</span> {badge.name}
                </Badge>
              ))}
            </div>
          </section>
        )}

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

      <Card className="space-y-4 p-5" aria-label="Comments">
        <h2 className="text-sm font-black tracking-widest text-subtle">COMMENTS</h2>
        {comments.isPending && (
          <div className="space-y-3">
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-2/3" />
          </div>
        )}
        {comments.isError && (
          <p className="text-sm text-danger-ink" role="alert">
            Couldn't load the comments.{' '}
            <button type="button" className="font-semibold underline" onClick={() => void comments.refetch()}>
              Try again
            </button>
          </p>
        )}
        {comments.data && comments.data.length === 0 && (
          <p className="text-sm text-subtle">No comments yet. Start the conversation!</p>
        )}
        {comments.data && (
          <CommentList postId={post.id} postAuthorId={post.userId} comments={comments.data} now={now} />
        )}
        <CommentForm postId={post.id} failureMessage={DETAIL_COMMENT_FAILED_MESSAGE} />
      </Card>
    </div>
  );
}

export function PostNotFound() {
  return (
    <div className="mx-auto w-full max-w-2xl space-y-4 px-4 py-6">
      <BackToFeed />
      <Card className="flex flex-col items-center gap-2 px-6 py-14 text-center" data-testid="post-not-found">
        <h1 className="text-2xl font-black tracking-tight">POST NOT FOUND</h1>
        <p className="text-sm text-muted">This post may have been removed, or the link is wrong.</p>
      </Card>
    </div>
  );
}
