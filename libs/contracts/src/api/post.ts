import type { TimeClassification } from '../events/post.events';
import type { BadgeSummary } from './badge';
import { previewImageUrl } from './media';
import { displayName, type UserSummary } from './user';

export interface Comment {
  id: string;
  content: string;
  createdAt: string;
  user: UserSummary;
  /** Hidden by a moderator: only its author sees it, marked so (issue 42). */
  isHidden?: boolean;
}

export interface Post {
  id: string;
  content: string;
  imageUrl: string | null;
  userId: string;
  createdAt: string;
  updatedAt: string;
  timezone: string;
  timeClassification: TimeClassification;
  isEarlyMorning: boolean;
  likesCount: number;
  commentsCount: number;
  /** Always false for guests. */
  isLiked: boolean;
  user: UserSummary;
  /** Preview: the first comments, oldest first (the feed shows three). */
  comments: Comment[];
  /** Hidden by a moderator: only its author sees it, marked so (issue 42). */
  isHidden?: boolean;
}

export interface CreatePostResponse {
  post: Post;
  newBadges: BadgeSummary[];
  nextEligibleBadges: BadgeSummary[];
}

/** Error body every API returns on a 4xx/5xx: a stable code for programs and a message for people. */
export interface ApiErrorBody {
  statusCode: number;
  code: string;
  message: string;
}

export const FEED_PAGE_SIZE = 10;
/** The most posts one page of the feed (or of a member's posts) may ask for. */
export const FEED_PAGE_MAX_LIMIT = 50;
export const FEED_COMMENT_PREVIEW = 3;
export const POST_MAX_LENGTH = 2000;
export const COMMENT_MAX_LENGTH = 1000;

/**
 * The address of one page of the feed, `FEED_PAGE_SIZE` posts from `offset`: the SPA reads it, and the
 * gateway preloads the first page from the home page's HTML, which works only at exactly this address.
 */
export function feedPageUrl(offset: number): string {
  return `/api/posts?limit=${FEED_PAGE_SIZE}&offset=${offset}`;
}

/** The addresses of one post's page reads (the gateway preloads them from the post page's HTML too). */
export function postReadUrls(postId: string) {
  const post = `/api/posts/${encodeURIComponent(postId)}`;
  return { post, comments: `${post}/comments`, badges: `${post}/badges` };
}

export interface LikeStatus {
  isLiked: boolean;
}

/** What a like toggle settles to: the server's truth, which optimistic UIs adopt. */
export interface LikeToggleResult {
  isLiked: boolean;
  likesCount: number;
}

/**
 * What a link preview of a post shows (the page metadata of libs/content builds the tags from it):
 * the author's display name and the photo's preview variant. The SPA and the gateway both use it.
 */
export function postPreviewOf(post: Pick<Post, 'id' | 'content' | 'imageUrl' | 'user'>) {
  return {
    id: post.id,
    content: post.content,
    authorName: displayName(post.user),
    image: post.imageUrl ? previewImageUrl(post.imageUrl) : null,
  };
}
