import { useQuery } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useAuth } from '@/features/auth/use-auth';
import { EmptyFeed } from '@/features/feed/empty-feed';
import { PostCard } from '@/features/posts/post-card';
import { PostCardSkeleton } from '@/features/posts/post-card-skeleton';
import { testEmptyPostsQueryOptions } from '@/features/posts/queries';

/** Internal page (spec §2): the feed as it looks with no posts, fed by GET /api/test/empty-posts. */
export function EmptyFeedTestPage() {
  const { isAuthenticated } = useAuth();
  const posts = useQuery(testEmptyPostsQueryOptions());

  return (
    <div className="mx-auto w-full max-w-2xl space-y-4 px-4 py-6">
      <h1 className="text-2xl font-black tracking-tight">Empty feed test</h1>
      {posts.isPending && <PostCardSkeleton />}
      {posts.isError && (
        <Card
          className="flex flex-col items-center gap-3 px-6 py-10 text-center"
          role="alert"
          data-testid="feed-error"
        >
          <h2 className="text-lg font-black">Unable to load posts</h2>
          <p className="text-sm text-muted">{posts.error.message}</p>
          <Button variant="outline" onClick={() => void posts.refetch()} data-testid="try-again">
            Try Again
          </Button>
        </Card>
      )}
      {posts.data?.length === 0 && <EmptyFeed isAuthenticated={isAuthenticated} />}
      {posts.data?.map((post) => (
        <PostCard key={post.id} post={post} />
      ))}
    </div>
  );
}
