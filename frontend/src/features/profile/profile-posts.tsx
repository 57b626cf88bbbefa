import { FEED_PAGE_SIZE, type ProfileWithPosts } from '@daybreak/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { uniquePosts } from '@/features/feed/feed-list';
import { PostCard } from '@/features/posts/post-card';
import { useNow } from '@/lib/use-now';
import { profileMorePostsQueryOptions } from './queries';

/**
 * The member's posts, newest first: the profile's first page, then 10 more per "Load more posts",
 * as the feed pages (spec §9). The button shows while the last page came back full.
 */
export function ProfilePosts({ profile }: { profile: ProfileWithPosts }) {
  const now = useNow();
  // The older pages are asked for only once the visitor wants them.
  const [wantsMore, setWantsMore] = useState(false);
  const more = useInfiniteQuery({ ...profileMorePostsQueryOptions(profile.id), enabled: wantsMore });
  const posts = uniquePosts([profile.posts, ...(more.data?.pages ?? [])]);
  const hasMore = more.data ? more.hasNextPage : profile.posts.length >= FEED_PAGE_SIZE;
  const loading = wantsMore && (more.isPending || more.isFetchingNextPage);

  function loadMore() {
    if (!wantsMore) setWantsMore(true);
    else if (more.isLoadingError) void more.refetch();
    else void more.fetchNextPage();
  }

  return (
    <section className="space-y-4" aria-label="Posts" data-testid="profile-posts">
      <h2 className="text-xs font-black tracking-widest text-subtle uppercase">Posts</h2>
      {posts.length === 0 ? (
        <Card className="px-6 py-8 text-center text-sm text-subtle" data-testid="profile-no-posts">
          No posts yet.
        </Card>
      ) : (
        posts.map((post) => <PostCard key={post.id} post={post} now={now} />)
      )}
      {(more.isLoadingError || more.isFetchNextPageError) && (
        <p
          role="alert"
          className="text-center text-sm font-semibold text-danger-ink"
          data-testid="profile-posts-failed"
        >
          Unable to load posts. Try again.
        </p>
      )}
      {hasMore && (
        <div className="flex justify-center pt-2">
          <Button variant="outline" data-testid="load-more-posts" disabled={loading} onClick={loadMore}>
            {loading ? 'Loading...' : 'Load more posts'}
          </Button>
        </div>
      )}
    </section>
  );
}
