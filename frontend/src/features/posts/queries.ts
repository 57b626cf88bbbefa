import {
  FEED_COMMENT_PREVIEW,
  FEED_PAGE_SIZE,
  type Comment,
  type CreatePostResponse,
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
import { apiJson, apiRequest, errorStatus, getJson, getQueryFn, readJson } from '@/lib/api-client';
import { trackEvent, trackPostCreated } from '@/lib/analytics';
import { browserTimezone } from '@/lib/time';
import { profileKeys } from '@/features/profile/queries';
import { applyLike, applyNewComment, readLikeAnswer } from './post-cache';

/** Keys mirror the API paths (see `urlFromQueryKey`), so `postKeys.detail(id)` also covers its comments. */
export const postKeys = {
  all: ['/api/posts'] as const,
  feed: () => ['/api/posts', { limit: FEED_PAGE_SIZE }] as const,
  detail: (id: string) => ['/api/posts', id] as const,
  comments: (id: string) => ['/api/posts', id, 'comments'] as const,
  badges: (id: string) => ['/api/posts', id, 'badges'] as const,
  likeStatus: (id: string) => ['/api/posts', id, 'like-status'] as const,
  testEmpty: () => ['/api/test/empty-posts'] as const,
};

/** A badge earned with a post (spec §3 Badge; only the fields this screen shows). */
export interface PostBadge {
  id: string;
  name: string;
  description?: string | null;
  emoji?: string | null;
  icon?: string | null;
}

/** Spec §9: another page exists only when the last one came back full; offsets grow by the page size. */
export function nextFeedOffset(
  lastPage: readonly Post[],
  allPages: readonly (readonly Post[])[],
): number | undefined {
  if (lastPage.length < FEED_PAGE_SIZE) return undefined;
  return allPages.reduce((offset, page) => offset + page.length, 0);
}

export function feedInfiniteQueryOptions() {
  return infiniteQueryOptions({
    queryKey: postKeys.feed(),
    queryFn: ({ pageParam, signal }) =>
      getJson<Post[]>(`/api/posts?limit=${FEED_PAGE_SIZE}&offset=${pageParam}`, { signal }),
    initialPageParam: 0,
    getNextPageParam: nextFeedOffset,
  });
}

export function postDetailQueryOptions(id: string) {
  return queryOptions({ queryKey: postKeys.detail(id), queryFn: getQueryFn<Post>() });
}

export function postCommentsQueryOptions(id: string, enabled = true) {
  return queryOptions({ queryKey: postKeys.comments(id), queryFn: getQueryFn<Comment[]>(), enabled });
}

/** Spec §7: a 404 means the post earned no badges (or the badges service has none for it). */
export function postBadgesQueryOptions(id: string) {
  const fetchBadges = getQueryFn<PostBadge[]>();
  return queryOptions({
    queryKey: postKeys.badges(id),
    queryFn: async (context): Promise<PostBadge[]> => {
      try {
        const badges = await fetchBadges(context);
        return Array.isArray(badges) ? badges : [];
      } catch (error) {
        if (errorStatus(error) === 404) return [];
        throw error;
      }
    },
  });
}

/** Members only (spec §7); the answer is `{ isLiked }`. */
export function likeStatusQueryOptions(id: string, enabled: boolean) {
  return queryOptions({
    queryKey: postKeys.likeStatus(id),
    queryFn: getQueryFn<{ isLiked: boolean }>(),
    enabled,
  });
}

/** `/test/empty-feed`; its failure text is fixed by spec §8 ('Failed to fetch posts: {status text}'). */
export function testEmptyPostsQueryOptions() {
  return queryOptions({
    queryKey: postKeys.testEmpty(),
    queryFn: async ({ signal }): Promise<Post[]> => {
      const response = await fetch('/api/test/empty-posts', { credentials: 'include', signal });
      if (!response.ok) throw new Error(`Failed to fetch posts: ${response.statusText}`);
      return (await readJson<Post[] | null>(response)) ?? [];
    },
  });
}

export interface NewPost {
  content: string;
  image?: File | null;
}

/** The multipart body of `POST /api/posts`; the zone lets the server classify the post in local time. */
export function buildPostForm({ content, image }: NewPost, timezone: string = browserTimezone()): FormData {
  const form = new FormData();
  form.append('content', content);
  form.append('timezone', timezone);
  if (image) form.append('image', image);
  return form;
}

/** Creates a post; the caller decides what success and failure look like. */
export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (post: NewPost) => apiJson<CreatePostResponse>('POST', '/api/posts', buildPostForm(post)),
    onSuccess: (response, post) => {
      trackPostCreated({ hasImage: Boolean(post.image) });
      for (const badge of response.newBadges ?? []) {
        trackEvent('badge_earned', { badge_id: badge.id, badge_name: badge.name });
      }
      void queryClient.invalidateQueries({ queryKey: postKeys.feed() });
      // A new early post may extend the streak and add to the author's profile.
      void queryClient.invalidateQueries({ queryKey: profileKeys.all });
    },
  });
}

/** Applies `update` to every cached copy of one post: the feed pages, its detail and the test list. */
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
}

/** The cached copy of a post, wherever it is. */
export function findCachedPost(queryClient: QueryClient, postId: string): Post | undefined {
  const detail = queryClient.getQueryData<Post>(postKeys.detail(postId));
  if (detail) return detail;
  const feed = queryClient.getQueryData<InfiniteData<Post[], number>>(postKeys.feed());
  return feed?.pages.flat().find((post) => post.id === postId);
}

export function sendLikeToggle(postId: string): Promise<unknown> {
  return apiRequest('POST', `/api/posts/${encodeURIComponent(postId)}/like`).then((response) =>
    readJson<unknown>(response).catch(() => null),
  );
}

/**
 * Like on the post detail page (spec §4): the count and heart change after the server agrees.
 * Errors are left to the caller's toast.
 */
export function useLikeAfterSuccess(post: Post) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => sendLikeToggle(post.id),
    onSuccess: (answer) => {
      const liked = !post.isLiked;
      if (liked) trackEvent('post_liked', { post_id: post.id });
      const settled = readLikeAnswer(answer);
      updateCachedPost(queryClient, post.id, (cached) =>
        settled ? { ...cached, ...settled } : applyLike(cached, liked),
      );
      queryClient.setQueryData(postKeys.likeStatus(post.id), { isLiked: settled?.isLiked ?? liked });
    },
  });
}

/** Adds a comment (sent trimmed, spec §5) and folds it into every cached copy of the post. */
export function useAddComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) =>
      apiJson<Comment | null>('POST', `/api/posts/${encodeURIComponent(postId)}/comments`, {
        content: content.trim(),
      }),
    onSuccess: (comment) => {
      trackEvent('post_commented', { post_id: postId });
      if (comment && typeof comment === 'object' && 'id' in comment) {
        updateCachedPost(queryClient, postId, (post) => applyNewComment(post, comment, FEED_COMMENT_PREVIEW));
        queryClient.setQueryData<Comment[]>(postKeys.comments(postId), (comments) =>
          comments ? [...comments, comment] : comments,
        );
      }
      void queryClient.invalidateQueries({ queryKey: postKeys.comments(postId) });
    },
  });
}
