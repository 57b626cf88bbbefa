/** Pure updates for a follow or unfollow; `queries.ts` applies them to the query cache. */
import type { ProfileWithPosts, UserListItem } from '@daybreak/contracts';

/** The followed member's profile: isFollowing flips and their follower count moves with it. */
export function applyFollowToProfile(
  profile: ProfileWithPosts,
  userId: string,
  following: boolean,
): ProfileWithPosts {
  if (profile.id !== userId || profile.isFollowing === following) return profile;
  return {
    ...profile,
    isFollowing: following,
    followersCount: Math.max(0, profile.followersCount + (following ? 1 : -1)),
  };
}

/** The viewer's own profile: the number of people they follow moves. */
export function applyFollowToViewer(profile: ProfileWithPosts, change: 1 | -1): ProfileWithPosts {
  return { ...profile, followingCount: Math.max(0, profile.followingCount + change) };
}

export function applyFollowToList(
  users: UserListItem[] | undefined,
  userId: string,
  following: boolean,
): UserListItem[] | undefined {
  return users?.map((user) => (user.id === userId ? { ...user, isFollowing: following } : user));
}
