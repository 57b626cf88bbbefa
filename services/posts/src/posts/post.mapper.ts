import type { Comment as CommentDto, UserSummary } from '@daybreak/contracts';
import { Author } from '../authors/author.entity';
import { Comment } from '../comments/comment.entity';

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

/** `isHidden`: hidden by moderation, shown to its author alone (issue 42). */
export function toCommentDto(
  comment: Comment,
  author: Author | null | undefined,
  isHidden = false,
): CommentDto {
  return {
    id: comment.id,
    content: comment.content,
    createdAt: comment.createdAt.toISOString(),
    user: toUserSummary(comment.authorId, author),
    isHidden,
  };
}
