/** Posts, likes and comments (spec §7): the calls a feed, a post's page and the composer build on. */
import {
  feedPageUrl,
  postReadUrls,
  type Badge,
  type Comment,
  type CreatePostResponse,
  type LikeStatus,
  type LikeToggleResult,
  type Post,
} from '@daybreak/contracts';
import { apiJson, errorStatus, getJson, segment, sendOnly, type RequestOptions } from './api-client';
import { browserTimezone } from './time';

/** One feed page of `FEED_PAGE_SIZE` posts from `offset`. */
export function fetchFeedPage(offset: number, options?: RequestOptions): Promise<Post[]> {
  return getJson<Post[]>(feedPageUrl(offset), options);
}

export function fetchPost(postId: string, options?: RequestOptions): Promise<Post> {
  return getJson<Post>(postReadUrls(postId).post, options);
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

/** `POST /api/posts` as multipart form data (content, timezone, optional image). */
export function createPost(post: NewPost): Promise<CreatePostResponse> {
  return apiJson<CreatePostResponse>('POST', '/api/posts', buildPostForm(post));
}

/** Toggles the viewer's like; the answer is the post's like state after the toggle. */
export function toggleLike(postId: string): Promise<LikeToggleResult> {
  return apiJson<LikeToggleResult>('POST', `/api/posts/${segment(postId)}/like`);
}

/** Members only. */
export function fetchLikeStatus(postId: string, options?: RequestOptions): Promise<LikeStatus> {
  return getJson<LikeStatus>(`/api/posts/${segment(postId)}/like-status`, options);
}

export function fetchComments(postId: string, options?: RequestOptions): Promise<Comment[]> {
  return getJson<Comment[]>(postReadUrls(postId).comments, options);
}

export function addComment(postId: string, content: string): Promise<Comment> {
  return apiJson<Comment>('POST', `/api/posts/${segment(postId)}/comments`, { content });
}

/** One of the viewer's own posts; anyone else's is a 403. */
export function deletePost(postId: string): Promise<void> {
  return sendOnly('DELETE', `/api/posts/${segment(postId)}`);
}

/** One of the viewer's own comments; anyone else's is a 403. */
export function deleteComment(postId: string, commentId: string): Promise<void> {
  return sendOnly('DELETE', `/api/posts/${segment(postId)}/comments/${segment(commentId)}`);
}

/** Badges earned with a post; a 404 means none (spec §7). */
export async function fetchPostBadges(postId: string, options?: RequestOptions): Promise<Badge[]> {
  try {
    return await getJson<Badge[]>(postReadUrls(postId).badges, options);
  } catch (error) {
    if (errorStatus(error) === 404) return [];
    throw error;
  }
}
