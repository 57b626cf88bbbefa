import type { Post as PostDto, UserSummary } from '@daybreak/contracts';
import { Author } from '../authors/author.entity';
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

export function toPostDto(post: Post, author: Author | null | undefined, viewerState: { isLiked: boolean }): PostDto {
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
    isLiked: viewerState.isLiked,
    user: toUserSummary(post.authorId, author),
    comments: [],
  };
}
