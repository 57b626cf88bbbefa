import { postPage, sitePage } from '@daybreak/content';
import { isUuid, postPreviewOf } from '@daybreak/contracts';
import { createFileRoute, notFound, type ErrorComponentProps } from '@tanstack/react-router';
import { RetryRouteButton } from '@/components/layout/route-error';
import { Card } from '@/components/ui/card';
import { PostDetailPage } from '@/features/posts/post-detail-page';
import { PostNotFound } from '@/features/posts/post-not-found';
import { PostDetailSkeleton } from '@/features/posts/post-detail-skeleton';
import {
  postBadgesQueryOptions,
  postCommentsQueryOptions,
  postDetailQueryOptions,
} from '@/features/posts/queries';
import { errorStatus } from '@/lib/api-client';
import { routeHead } from '@/lib/page-head';

export const Route = createFileRoute('/post/$id')({
  loader: async ({ context: { queryClient }, params: { id } }) => {
    // No post has an id of another form; the API would refuse it (400), not miss it.
    if (!isUuid(id)) notFound({ throw: true });
    // Comments and badges start at once; the post itself must exist before the screen renders.
    void queryClient.prefetchQuery(postCommentsQueryOptions(id));
    void queryClient.prefetchQuery(postBadgesQueryOptions(id));
    try {
      // Returned for the page's head (title, description, preview image).
      return await queryClient.ensureQueryData(postDetailQueryOptions(id));
    } catch (error) {
      if (errorStatus(error) === 404) notFound({ throw: true });
      throw error;
    }
  },
  head: ({ loaderData, params }) =>
    routeHead(loaderData ? postPage(postPreviewOf(loaderData)) : sitePage(`/post/${params.id}`)),
  pendingComponent: PostDetailSkeleton,
  pendingMs: 150,
  notFoundComponent: PostNotFound,
  errorComponent: PostDetailError,
  component: PostDetailRoute,
});

function PostDetailRoute() {
  const { id } = Route.useParams();
  return <PostDetailPage postId={id} />;
}

function PostDetailError({ reset }: ErrorComponentProps) {
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-10">
      <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center" role="alert">
        <h1 className="text-xl font-black">Unable to load this post</h1>
        <p className="text-sm text-muted">Check your connection and try again.</p>
        <RetryRouteButton reset={reset} variant="outline" />
      </Card>
    </div>
  );
}
