/**
 * Who may delete a comment: the person who wrote it, and the author of the post it is on (a member
 * keeps their own post's conversation tidy).
 */
export function canDeleteComment(
  comment: { authorId: string },
  post: { authorId: string },
  viewerId: string,
): boolean {
  return comment.authorId === viewerId || post.authorId === viewerId;
}
