import type { TimeClassification } from '../events/post.events';
import type { BadgeSummary } from './badge';
import type { UserSummary } from './user';

export interface Comment {
  id: string;
  content: string;
  createdAt: string;
  user: UserSummary;
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
export const FEED_COMMENT_PREVIEW = 3;
export const POST_MAX_LENGTH = 2000;
export const COMMENT_MAX_LENGTH = 1000;

export interface LikeStatus {
  isLiked: boolean;
}

/** What a like toggle settles to: the server's truth, which optimistic UIs adopt. */
export interface LikeToggleResult {
  isLiked: boolean;
  likesCount: number;
}
