import {
  FEED_COMMENT_PREVIEW,
  FEED_PAGE_SIZE,
  MAX_PAGE_OFFSET,
  type Comment,
  type LikeStatus,
  type Post,
} from '@daybreak/contracts';
import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import {
  addComment,
  createPost,
  deleteComment,
  deletePost,
  fetchComments,
  fetchFeedPage,
  fetchLikeStatus,
  fetchPost,
  fetchPostBadges,
  toggleLike,
  type NewPost,
} from '@/lib/posts-api';
import { fetchTestEmptyPosts } from '@/lib/test-pages-api';
import { trackEvent, trackPostCreated } from '@/lib/analytics';
import { profileKeys, updateCachedProfilePosts, updateCachedProfiles } from '@/features/profile/queries';
import { readStreakBeforePost, trackStreakGrowth } from '@/features/streaks/streak-analytics';
import { applyDeletedComment, applyNewComment } from './post-cache';

/** Keys mirror the API paths, so invalidating `postKeys.detail(id)` also covers its comments. */
export const postKeys = {
  all: ['/api/posts'] as const,
  feed: () => ['/api/posts', { limit: FEED_PAGE_SIZE }] as const,
  detail: (id: string) => ['/api/posts', id] as const,
  comments: (id: string) => ['/api/posts', id, 'comments'] as const,
  badges: (id: string) => ['/api/posts', id, 'badges'] as const,
  likeStatus: (id: string) => ['/api/posts', id, 'like-status'] as const,
  testEmpty: () => ['/api/test/empty-posts'] as const,
};

/** Spec §9: another page exists only when the last one came back full; offsets grow by the page size. */
export function nextFeedOffset(
  lastPage: readonly Post[],
  allPages: readonly (readonly Post[])[],
): number | undefined {
  if (lastPage.length < FEED_PAGE_SIZE) return undefined;
  const offset = allPages.reduce((sum, page) => sum + page.length, 0);
  // The API pages no deeper (a 400 past it): "Load more posts" goes away instead.
  return offset <= MAX_PAGE_OFFSET ? offset : undefined;
}

export function feedInfiniteQueryOptions() {
  return infiniteQueryOptions({
    queryKey: postKeys.feed(),
    queryFn: ({ pageParam, signal }) => fetchFeedPage(pageParam, { signal }),
    initialPageParam: 0,
    getNextPageParam: nextFeedOffset,
  });
}

export function postDetailQueryOptions(id: string) {
  return queryOptions({
    queryKey: postKeys.detail(id),
    queryFn: ({ signal }) => fetchPost(id, { signal }),
  });
}

export function postCommentsQueryOptions(id: string, enabled = true) {
  return queryOptions({
    queryKey: postKeys.comments(id),
    queryFn: ({ signal }) => fetchComments(id, { signal }),
    enabled,
  });
}

/** Spec §7: a 404 means the post earned no badges (or the badges service has none for it). */
export function postBadgesQueryOptions(id: string) {
  return queryOptions({
    queryKey: postKeys.badges(id),
    queryFn: ({ signal }) => fetchPostBadges(id, { signal }),
  });
}

/** Members only (spec §7); the answer is `{ isLiked }`. */
export function likeStatusQueryOptions(id: string, enabled: boolean) {
  return queryOptions({
    queryKey: postKeys.likeStatus(id),
    queryFn: ({ signal }) => fetchLikeStatus(id, { signal }),
    enabled,
  });
}

/** `/test/empty-feed`; its failure text is fixed by spec §8 ('Failed to fetch posts: {status text}'). */
export function testEmptyPostsQueryOptions() {
  return queryOptions({
    queryKey: postKeys.testEmpty(),
    queryFn: ({ signal }) => fetchTestEmptyPosts({ signal }),
  });
}

/** Creates a post; the caller decides what success and failure look like. */
export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (post: NewPost) => createPost(post),
    onMutate: () => ({ streakBefore: readStreakBeforePost(queryClient) }),
    onSuccess: (response, post, context) => {
      trackPostCreated({ hasImage: Boolean(post.image) });
      for (const badge of response.newBadges) {
        trackEvent('badge_earned', { badge_id: badge.id, badge_name: badge.name });
      }
      void queryClient.invalidateQueries({ queryKey: postKeys.feed() });
      // A new early post may extend the streak and add to the author's profile.
      void queryClient.invalidateQueries({ queryKey: profileKeys.all });
      void trackStreakGrowth(queryClient, context.streakBefore);
    },
  });
}

/**
 * Applies `update` to every cached copy of one post: the feed pages, its detail, the test list and
 * the author's profile.
 */
export function updateCachedPost(
  queryClient: QueryClient,
  postId: string,
  update: (post: Post) => Post,
): void {
  const patch = (post: Post) => (post.id === postId ? update(post) : post);
  queryClient.setQueryData<InfiniteData<Post[], number>>(postKeys.feed(), (feed) =>
    feed ? { ...feed, pages: feed.pages.map((page) => page.map(patch)) } : feed,
  );
  queryClient.setQueryData<Post>(postKeys.detail(postId), (post) => (post ? update(post) : post));
  queryClient.setQueryData<Post[]>(postKeys.testEmpty(), (posts) => posts?.map(patch));
  updateCachedProfiles(queryClient, (profile) =>
    profile.posts?.some((post) => post.id === postId)
      ? { ...profile, posts: profile.posts.map(patch) }
      : profile,
  );
  updateCachedProfilePosts(queryClient, (posts) => posts.map(patch));
}

/**
 * Like on the post detail page (spec §4): the count and heart change after the server agrees.
 * Errors are left to the caller's toast.
 */
export function useLikeAfterSuccess(post: Post) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => toggleLike(post.id),
    onSuccess: (settled) => {
      if (!post.isLiked) trackEvent('post_liked', { post_id: post.id });
      updateCachedPost(queryClient, post.id, (cached) => ({ ...cached, ...settled }));
      queryClient.setQueryData<LikeStatus>(postKeys.likeStatus(post.id), { isLiked: settled.isLiked });
    },
  });
}

/** Adds a comment (sent trimmed, spec §5) and folds it into every cached copy of the post. */
export function useAddComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => addComment(postId, content.trim()),
    onSuccess: (comment) => {
      trackEvent('post_commented', { post_id: postId });
      updateCachedPost(queryClient, postId, (post) => applyNewComment(post, comment, FEED_COMMENT_PREVIEW));
      queryClient.setQueryData<Comment[]>(postKeys.comments(postId), (comments) =>
        comments ? [...comments, comment] : comments,
      );
      void queryClient.invalidateQueries({ queryKey: postKeys.comments(postId) });
    },
  });
}

/**
 * Deletes one of the viewer's posts and takes it out of every cached list (the feed, the test list,
 * profiles); the profiles refetch for their counts and statistics. The post's own queries (detail,
 * comments, badges) are left to `forgetPost`, once no screen shows them.
 */
export function useDeletePost(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deletePost(postId),
    onSuccess: () => {
      const keep = (post: Post) => post.id !== postId;
      queryClient.setQueryData<InfiniteData<Post[], number>>(postKeys.feed(), (feed) =>
        feed ? { ...feed, pages: feed.pages.map((page) => page.filter(keep)) } : feed,
      );
      queryClient.setQueryData<Post[]>(postKeys.testEmpty(), (posts) => posts?.filter(keep));
      updateCachedProfiles(queryClient, (profile) =>
        profile.posts?.some((post) => post.id === postId)
          ? { ...profile, posts: profile.posts.filter(keep) }
          : profile,
      );
      updateCachedProfilePosts(queryClient, (posts) => posts.filter(keep));
      void queryClient.invalidateQueries({ queryKey: profileKeys.all });
    },
  });
}

/** Drops a deleted post's detail, comments, badges and like status from the cache. */
export function forgetPost(queryClient: QueryClient, postId: string): void {
  queryClient.removeQueries({ queryKey: postKeys.detail(postId) });
}

/** Deletes one of the viewer's comments and takes it out of every cached copy of the post. */
export function useDeleteComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: string) => deleteComment(postId, commentId),
    onSuccess: (_answer, commentId) => {
      updateCachedPost(queryClient, postId, (post) => applyDeletedComment(post, commentId));
      queryClient.setQueryData<Comment[]>(postKeys.comments(postId), (comments) =>
        comments?.filter((comment) => comment.id !== commentId),
      );
      void queryClient.invalidateQueries({ queryKey: postKeys.comments(postId) });
    },
  });
}
