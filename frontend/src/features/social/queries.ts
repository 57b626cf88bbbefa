import { USERS_LIST_LIMIT, type UserListItem } from '@daybreak/contracts';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { promptGuestLogin } from '@/features/auth/session';
import { useAuth } from '@/features/auth/use-auth';
import { profileKeys, updateCachedProfiles } from '@/features/profile/queries';
import { streakKeys } from '@/features/streaks/queries';
import { trackEvent } from '@/lib/analytics';
import { fetchUsers, followUser, searchUsers, unfollowUser } from '@/lib/members-api';
import { applyFollowToList, applyFollowToProfile, applyFollowToViewer } from './follow-cache';

/**
 * Member lists live under `/api/users`: the find-people list, search results and follower lists all
 * hold `UserListItem`s, so one prefix patches every list when a follow changes.
 */
export const userKeys = {
  all: ['/api/users'] as const,
  list: () => ['/api/users', { limit: USERS_LIST_LIMIT }] as const,
  search: (text: string) => ['/api/users', 'search', text] as const,
};

export function usersListQueryOptions(enabled = true) {
  return queryOptions({
    queryKey: userKeys.list(),
    queryFn: ({ signal }) => fetchUsers({ signal }),
    enabled,
  });
}

/** Spec §5: search needs non-blank text, so a blank one never reaches the server. */
export function userSearchQueryOptions(text: string) {
  const trimmed = text.trim();
  return queryOptions({
    queryKey: userKeys.search(trimmed),
    queryFn: ({ signal }) => searchUsers(trimmed, { signal }),
    enabled: trimmed !== '',
  });
}

/** Shows `following` for `userId` in every cached list and profile, and in the viewer's count. */
function setFollowing(queryClient: QueryClient, userId: string, following: boolean, viewerId: string) {
  let changed = false;
  updateCachedProfiles(queryClient, (profile) => {
    const next = applyFollowToProfile(profile, userId, following);
    if (next !== profile) changed = true;
    return next;
  });
  if (changed) {
    updateCachedProfiles(queryClient, (profile) =>
      profile.id === viewerId ? applyFollowToViewer(profile, following ? 1 : -1) : profile,
    );
  }
  queryClient.setQueriesData<UserListItem[]>({ queryKey: userKeys.all }, (users) =>
    applyFollowToList(users, userId, following),
  );
}

export interface FollowCallbacks {
  onFollowed?: (following: boolean) => void;
  /** The toggle failed and the screen shows `wasFollowing` again. */
  onFailed: (error: unknown, wanted: boolean) => void;
}

/**
 * Follow and unfollow, optimistic (spec §4, bluesky-style): the button flips at once; toggles for one
 * member run one after another in a mutation scope, so the last tap wins; a failure shows the state
 * before it again; once the last toggle settles the profiles refetch to the server's counts.
 */
export function useFollowToggle(userId: string, { onFollowed, onFailed }: FollowCallbacks) {
  const queryClient = useQueryClient();
  const { user: viewer } = useAuth();
  const mutationKey = ['follow', userId] as const;
  const mutation = useMutation({
    mutationKey,
    scope: { id: `follow:${userId}` },
    mutationFn: (follow: boolean) => (follow ? followUser(userId) : unfollowUser(userId)),
    onSuccess: (_answer, follow) => {
      if (follow) trackEvent('user_followed', { followed_user_id: userId });
      onFollowed?.(follow);
    },
    onError: (error, follow) => {
      if (viewer) setFollowing(queryClient, userId, !follow, viewer.id);
      onFailed(error, follow);
    },
    onSettled: async () => {
      // Later toggles are queued: refetching now would show a state they are about to change.
      if (queryClient.isMutating({ mutationKey }) > 1) return;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: profileKeys.detail(userId), exact: true }),
        viewer && queryClient.invalidateQueries({ queryKey: profileKeys.detail(viewer.id), exact: true }),
        // The leaderboard ranks the people the viewer follows, so a follow changes who is on it.
        queryClient.invalidateQueries({ queryKey: streakKeys.leaderboard }),
      ]);
    },
  });

  return (currentlyFollowing: boolean) => {
    if (!viewer) {
      promptGuestLogin('Log in to follow members.');
      return;
    }
    const follow = !currentlyFollowing;
    setFollowing(queryClient, userId, follow, viewer.id);
    mutation.mutate(follow);
  };
}
