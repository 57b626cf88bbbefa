import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { postKeys } from '@/features/posts/queries';
import { profileKeys } from '@/features/profile/queries';
import { userKeys } from '@/features/social/queries';
import { streakKeys } from '@/features/streaks/queries';
import { fetchSafetyList, setSafety, type SafetyKind } from '@/lib/safety-api';

export const safetyKeys = {
  list: (kind: SafetyKind) => [kind === 'block' ? '/api/blocks' : '/api/mutes'] as const,
};

export function safetyListQueryOptions(kind: SafetyKind, enabled = true) {
  return queryOptions({
    queryKey: safetyKeys.list(kind),
    queryFn: ({ signal }) => fetchSafetyList(kind, { signal }),
    enabled,
  });
}

/**
 * Blocks, mutes and lifts them, not optimistic: the confirm step already waited for the member, and a
 * block changes counts the server knows. After it, the lists, the feed and posts (which leave out a
 * blocked or muted member's posts from the answer on: the gateway answers once posts has applied
 * it), and after a block every profile and member list read again (it ends follows both ways).
 */
export function useSafetyChange(kind: SafetyKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, on }: { userId: string; on: boolean }) => setSafety(kind, userId, on),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: safetyKeys.list(kind) }),
        queryClient.invalidateQueries({ queryKey: postKeys.all }),
        kind === 'block' && queryClient.invalidateQueries({ queryKey: profileKeys.all }),
        kind === 'block' && queryClient.invalidateQueries({ queryKey: userKeys.all }),
        kind === 'block' && queryClient.invalidateQueries({ queryKey: streakKeys.leaderboard }),
      ]),
  });
}
