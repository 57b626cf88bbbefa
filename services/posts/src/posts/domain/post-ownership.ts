/** Who may delete a post: its author only. */
export function canDeletePost(post: { authorId: string }, viewerId: string): boolean {
  return post.authorId === viewerId;
}
