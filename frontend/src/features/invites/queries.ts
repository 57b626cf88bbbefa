import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { profileKeys } from '@/features/profile/queries';
import { userKeys } from '@/features/social/queries';
import { acceptInvite, fetchInvite, generateInvite } from '@/lib/api';

export const inviteKeys = {
  all: ['/api/invites'] as const,
  detail: (code: string) => ['/api/invites', code] as const,
};

/** Who sent the invite; guests may ask too. */
export function inviteQueryOptions(code: string) {
  return queryOptions({
    queryKey: inviteKeys.detail(code),
    queryFn: ({ signal }) => fetchInvite(code, { signal }),
  });
}

/** The member's invite code (the server reuses one active code per member). */
export function useGenerateInvite() {
  return useMutation({ mutationFn: generateInvite });
}

/** Accepting makes inviter and invitee follow each other, so profiles and lists change. */
export function useAcceptInvite(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => acceptInvite(code),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: profileKeys.all }),
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
      ]),
  });
}

/** The address a member shares. */
export function inviteLink(code: string, origin: string = window.location.origin): string {
  return `${origin}/invite/${encodeURIComponent(code)}`;
}
