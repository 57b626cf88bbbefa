import { displayName, type Post } from '@daybreak/contracts';
import { Link } from '@tanstack/react-router';
import { MessageCircle, Share2 } from 'lucide-react';
import { type PointerEvent, useState } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Card } from '@/components/ui/card';
import { OptimizedImage } from '@/components/ui/optimized-image';
import { GuestSignInLink } from '@/features/auth/guest-sign-in-link';
import { useAuth } from '@/features/auth/use-auth';
import { postAuthor } from './post-author';
import { displayInitial } from '@/features/auth/user-initial';
import { cn } from '@/lib/cn';
import { formatRelativeShort } from '@/lib/time';
import { ClubChip } from './club-chip';
import { HiddenNotice } from '@/features/moderation/hidden-notice';
import { DeletePostButton } from './delete-actions';
import { EarlyBirdTag } from './early-bird-tag';
import { LikeButton } from './like-button';
import { PostMenu } from './post-menu';
import { PostComments } from './post-comments';
import { sharePost } from './share-post';
import { useOptimisticLike } from './use-optimistic-like';

export interface PostCardProps {
  post: Post;
  now?: Date;
  /** Set while the feed is pointing at this post (`/?post={id}`). */
  highlighted?: boolean;
  /** The first cards of the feed load their image at once instead of lazily. */
  priorityImage?: boolean;
}

const actionClass =
  'inline-flex items-center gap-1.5 rounded-lg px-2 py-1 text-sm font-semibold text-muted transition-colors hover:bg-canvas hover:text-ink';

/**
 * The full date and time as a tooltip, written when the pointer first comes over the time (the
 * tooltip shows only after a hover). Not in the render: the first date formatting of a page starts
 * Intl's locale data: the cards of the first feed page took 162 ms of main thread (4x slowed CPU)
 * with it, 26–44 ms without.
 */
function showFullDate(event: PointerEvent<HTMLTimeElement>) {
  const time = event.currentTarget;
  if (!time.title) time.title = new Date(time.dateTime).toLocaleString();
}

export function PostCard({
  post,
  now = new Date(),
  highlighted = false,
  priorityImage = false,
}: PostCardProps) {
  const { isAuthenticated, user: viewer } = useAuth();
  const author = postAuthor(post, viewer);
  const toggleLike = useOptimisticLike(post);
  const [composerOpen, setComposerOpen] = useState(false);
  const authorName = displayName(author);
  const commentContent = (
    <>
      <MessageCircle className="size-5" aria-hidden="true" />
      <span className="sr-only">Comment</span> <span data-testid="comment-count">{post.commentsCount}</span>
    </>
  );

  return (
    <Card
      id={`post-${post.id}`}
      data-testid="post-card"
      data-post-id={post.id}
      data-highlighted={highlighted || undefined}
      highlighted={highlighted}
      className="overflow-hidden transition-shadow duration-500"
    >
      <header className="flex items-center gap-3 p-4 pb-3">
        <Link to="/profile/$userId" params={{ userId: post.userId }} className="shrink-0">
          <Avatar src={author.profileImageUrl} initial={displayInitial(author)} alt={authorName} />
        </Link>
        <div className="min-w-0 flex-1">
          <Link
            to="/profile/$userId"
            params={{ userId: post.userId }}
            className="block truncate font-bold text-ink hover:underline"
            data-testid="post-author"
          >
            {authorName}
          </Link>
          <Link to="/post/$id" params={{ id: post.id }} className="text-xs text-subtle hover:underline">
            <time dateTime={post.createdAt} onPointerEnter={showFullDate}>
              {formatRelativeShort(post.createdAt, now)}
            </time>
          </Link>
        </div>
        <div className="flex flex-col items-end gap-1 sm:flex-row sm:items-center">
          <EarlyBirdTag post={post} />
          <ClubChip classification={post.timeClassification} />
        </div>
        <PostMenu post={post} />
      </header>

      {post.isHidden && (
        <div className="px-4 pb-3">
          <HiddenNotice what="post" />
        </div>
      )}

      {post.content && (
        // Text only: React escapes it, and post text is never injected as HTML (architecture §4).
        <p
          className="px-4 pb-3 text-[15px] leading-relaxed break-words whitespace-pre-wrap text-ink-soft"
          data-testid="post-content"
        >
          {post.content}
        </p>
      )}

      {post.imageUrl && (
        <OptimizedImage
          src={post.imageUrl}
          alt={`Photo shared by ${authorName}`}
          priority={priorityImage}
          className="border-y border-line-soft"
          imgClassName="max-h-[32rem] object-cover"
        />
      )}

      <footer className="flex items-center gap-2 px-2 py-2">
        <LikeButton
          liked={post.isLiked}
          count={post.likesCount}
          onClick={toggleLike}
          guest={!isAuthenticated}
        />
        {isAuthenticated ? (
          <button
            type="button"
            className={actionClass}
            aria-expanded={composerOpen}
            data-testid="comment-button"
            onClick={() => setComposerOpen((open) => !open)}
          >
            {commentContent}
          </button>
        ) : (
          <GuestSignInLink
            explanation="Log in to comment on posts."
            className={actionClass}
            data-testid="comment-button"
          >
            {commentContent}
          </GuestSignInLink>
        )}
        <button
          type="button"
          className={cn(actionClass, 'ml-auto')}
          data-testid="share-button"
          onClick={() => void sharePost(post)}
        >
          <Share2 className="size-5" aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">Share</span>
        </button>
        {viewer?.id === post.userId && <DeletePostButton postId={post.id} className={actionClass} />}
      </footer>

      <PostComments post={post} now={now} composerOpen={composerOpen} />
    </Card>
  );
}
