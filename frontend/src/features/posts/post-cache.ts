/** Pure updates of a cached post; `queries.ts` applies them to the query cache. */
import type { Comment, Post } from '@daybreak/contracts';

/** The post with its like flipped to `liked`; the count moves only when the state really changes. */
export function applyLike(post: Post, liked: boolean): Post {
  if (post.isLiked === liked) return post;
  return { ...post, isLiked: liked, likesCount: Math.max(0, post.likesCount + (liked ? 1 : -1)) };
}

/** The post without one of its comments: the count falls and the preview loses it. */
export function applyDeletedComment(post: Post, commentId: string): Post {
  return {
    ...post,
    commentsCount: Math.max(0, post.commentsCount - 1),
    comments: (post.comments ?? []).filter((comment) => comment.id !== commentId),
  };
}

/** The post after one new comment: the count grows and the preview fills up to three. */
export function applyNewComment(post: Post, comment: Comment, previewSize: number): Post {
  const comments = post.comments ?? [];
  return {
    ...post,
    commentsCount: post.commentsCount + 1,
    comments: comments.length < previewSize ? [...comments, comment] : comments,
  };
}
