import type { AccountExport, PostsExport, SocialExport, UserSummary } from '@daybreak/contracts';

/**
 * The member's export as one document, from each service's part. Image paths (`/objects/<id>`)
 * become absolute URLs on the public origin, so the file still points at its photos once it is
 * out of the browser.
 */
export function assembleExport(
  origin: string,
  parts: {
    social: SocialExport;
    posts: PostsExport;
    badges: AccountExport['badges'];
    statistics: AccountExport['statistics'];
    notifications: AccountExport['notifications'];
  },
  now = new Date(),
): AccountExport {
  const absolute = (url: string | null): string | null => (url?.startsWith('/') ? `${origin}${url}` : url);
  const withPhoto = <T extends Pick<UserSummary, 'profileImageUrl'>>(member: T): T => ({
    ...member,
    profileImageUrl: absolute(member.profileImageUrl),
  });
  const { social, posts } = parts;
  return {
    exportedAt: now.toISOString(),
    profile: withPhoto(social.profile),
    posts: posts.posts.map((post) => ({ ...post, imageUrl: absolute(post.imageUrl) })),
    comments: posts.comments,
    likes: posts.likes,
    following: social.following.map(withPhoto),
    followers: social.followers.map(withPhoto),
    blocked: social.blocked.map(withPhoto),
    muted: social.muted.map(withPhoto),
    badges: parts.badges,
    statistics: parts.statistics,
    notifications: parts.notifications,
  };
}

/** The file's name: the site and the day, e.g. `daybreak-export-2026-11-28.json`. */
export const exportFileName = (now = new Date()): string =>
  `daybreak-export-${now.toISOString().slice(0, 10)}.json`;
