import type { Post } from '@daybreak/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { feedInfiniteQueryOptions } from '@/features/posts/queries';
import { PostCard } from '@/features/posts/post-card';
import { PostCardSkeleton } from '@/features/posts/post-card-skeleton';
import { useNow } from '@/lib/use-now';
import { EmptyFeed } from './empty-feed';

/** New posts shift offsets between page loads, so a post can come back on the next page too. */
export function uniquePosts(pages: readonly (readonly Post[])[]): Post[] {
  const seen = new Set<string>();
  const posts: Post[] = [];
  for (const post of pages.flat()) {
    if (seen.has(post.id)) continue;
    seen.add(post.id);
    posts.push(post);
  }
  return posts;
}

/** Spec §9: a linked post stays highlighted for 3 s. */
export const LINKED_POST_HIGHLIGHT_MS = 3000;

/**
 * How many feed pages `/?post={id}` loads to find its post (100 posts). A notification can point at a
 * post from weeks ago; past this the post's own page shows it instead.
 */
export const LINKED_POST_MAX_PAGES = 10;

/** Cards whose image loads at once rather than lazily: the ones likely above the fold. */
const PRIORITY_IMAGES = 2;

export function FeedList({
  isAuthenticated,
  linkedPostId,
  onLinkedPostDone,
  onLinkedPostMissing,
}: {
  isAuthenticated: boolean;
  /** `/?post={id}`: scroll to this post and highlight it. */
  linkedPostId?: string;
  /** Called when the highlight ends, so the page can drop the parameter. */
  onLinkedPostDone?: () => void;
  /** Called when the linked post is not among the feed's first `LINKED_POST_MAX_PAGES` pages. */
  onLinkedPostMissing?: () => void;
}) {
  const feed = useInfiniteQuery(feedInfiniteQueryOptions());
  const { isFetching, fetchNextPage } = feed;
  const now = useNow();
  const linkedPostDone = useEffectEvent(() => onLinkedPostDone?.());
  const linkedPostMissing = useEffectEvent(() => onLinkedPostMissing?.());
  const loadedPages = feed.data?.pages ?? [];
  const linkedPostShown =
    Boolean(linkedPostId) && loadedPages.some((page) => page.some((post) => post.id === linkedPostId));
  // Still looking: the linked post is not on the pages loaded so far.
  const searching = Boolean(linkedPostId) && feed.isSuccess && !linkedPostShown;
  const morePages = feed.hasNextPage && loadedPages.length < LINKED_POST_MAX_PAGES;

  useEffect(() => {
    if (!searching || isFetching) return;
    if (morePages) void fetchNextPage();
    else linkedPostMissing();
  }, [searching, morePages, isFetching, fetchNextPage]);

  useEffect(() => {
    if (!linkedPostShown) return;
    document.getElementById(`post-${linkedPostId}`)?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    const timer = setTimeout(linkedPostDone, LINKED_POST_HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [linkedPostId, linkedPostShown]);

  if (feed.isPending) {
    return (
      <div role="status" className="space-y-4" aria-busy="true" aria-label="Loading posts">
        <PostCardSkeleton />
        <PostCardSkeleton />
        <PostCardSkeleton />
      </div>
    );
  }

  // Nothing to show: the first load failed. A failed refresh or next page keeps the posts in view.
  if (feed.isLoadingError) {
    return (
      <Card className="flex flex-col items-center gap-3 px-6 py-10 text-center" role="alert">
        <h2 className="text-lg font-black">Unable to load posts</h2>
        <p className="text-sm text-muted">Check your connection and try again.</p>
        <Button variant="outline" onClick={() => void feed.refetch()}>
          Try Again
        </Button>
      </Card>
    );
  }

  const posts = uniquePosts(feed.data.pages);
  if (posts.length === 0) return <EmptyFeed isAuthenticated={isAuthenticated} />;

  return (
    <section className="space-y-4" aria-label="Posts">
      {posts.map((post, index) => (
        <PostCard
          key={post.id}
          post={post}
          now={now}
          highlighted={post.id === linkedPostId}
          priorityImage={index < PRIORITY_IMAGES}
        />
      ))}
      {feed.isFetchNextPageError && (
        <p role="alert" className="text-center text-sm text-muted" data-testid="load-more-failed">
          Couldn't load more posts. Check your connection and try again.
        </p>
      )}
      {feed.hasNextPage && (
        <div className="flex justify-center pt-2">
          <Button
            variant="outline"
            data-testid="load-more-posts"
            disabled={feed.isFetchingNextPage}
            onClick={() => void feed.fetchNextPage()}
          >
            {feed.isFetchingNextPage ? 'Loading...' : 'Load more posts'}
          </Button>
        </div>
      )}
    </section>
  );
}
