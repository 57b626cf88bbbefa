import type { CurrentUser, Post, UserSummary } from '@daybreak/contracts';

const hasName = (user: UserSummary | null | undefined) =>
  Boolean(user?.profileName || user?.firstName || user?.lastName);

/**
 * Who to show as a post's author. The posts service embeds authors from a read model that learns of
 * new members through an event; for the few hundred milliseconds before it does, a brand-new
 * member's own post would read "Member". The signed-in member knows who they are, so their own
 * posts show their name meanwhile. Everyone else's posts show what the server embedded.
 */
export function postAuthor(post: Post, viewer: CurrentUser | null): UserSummary {
  if (viewer && viewer.id === post.userId && !hasName(post.user)) {
    const { id, firstName, lastName, profileName, profileImageUrl } = viewer;
    return { id, firstName, lastName, profileName, profileImageUrl };
  }
  return post.user;
}
