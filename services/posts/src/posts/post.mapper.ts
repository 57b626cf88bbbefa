import type { Comment as CommentDto, Post as PostDto, UserSummary } from '@daybreak/contracts';
import { Author } from '../authors/author.entity';
import { Comment } from '../comments/comment.entity';
import { isEarlyMorning } from './domain/time-classification';
import { Post } from './post.entity';

/** An author the read model has not heard of yet (their registration event is still in flight). */
function unknownAuthor(userId: string): UserSummary {
  return { id: userId, firstName: null, lastName: null, profileName: null, profileImageUrl: null };
}

export function toUserSummary(userId: string, author: Author | null | undefined): UserSummary {
  if (!author) return unknownAuthor(userId);
  return {
    id: userId,
    firstName: author.firstName,
    lastName: author.lastName,
    profileName: author.profileName,
    profileImageUrl: author.profileImageUrl,
  };
}

export function toCommentDto(comment: Comment, author: Author | null | undefined): CommentDto {
  return {
    id: comment.id,
    content: comment.content,
    createdAt: comment.createdAt.toISOString(),
    user: toUserSummary(comment.authorId, author),
  };
}

/** What a page of posts needs besides the posts: fetched once per page, never per post. */
export interface PostContext {
  authors: Map<string, Author>;
  likedPostIds: Set<string>;
  previews: Map<string, Comment[]>;
}

export function toPostDto(post: Post, context: PostContext): PostDto {
  return {
    id: post.id,
    content: post.content,
    imageUrl: post.imageUrl,
    userId: post.authorId,
    createdAt: post.createdAt.toISOString(),
    updatedAt: post.updatedAt.toISOString(),
    timezone: post.timezone,
    timeClassification: post.timeClassification,
    isEarlyMorning: isEarlyMorning(post.timeClassification),
    likesCount: post.likesCount,
    commentsCount: post.commentsCount,
    isLiked: context.likedPostIds.has(post.id),
    user: toUserSummary(post.authorId, context.authors.get(post.authorId)),
    comments: (context.previews.get(post.id) ?? []).map((comment) =>
      toCommentDto(comment, context.authors.get(comment.authorId)),
    ),
  };
}
