import { siteOrigin } from '@/lib/site-origin';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { profileKeys } from '@/features/profile/queries';
import { userKeys } from '@/features/social/queries';
import { acceptInvite, fetchInvite, generateInvite, markInviteShared, renewInvite } from '@/lib/members-api';

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

/** The member's invite link: the server reuses it for many friends until it expires (ADR 0030). */
export function useGenerateInvite() {
  return useMutation({ mutationFn: generateInvite });
}

/** A new link in place of the current one, which stops working. */
export function useRenewInvite() {
  return useMutation({ mutationFn: renewInvite });
}

/**
 * Tells the server the member copied or shared their link, so it counts toward the invites-sent
 * badges. Best effort: the copy has happened whatever the answer, so a failure shows nothing.
 */
export function reportInviteShared(code: string): void {
  markInviteShared(code).catch(() => undefined);
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
export function inviteLink(code: string, origin: string = siteOrigin()): string {
  return `${origin}/invite/${encodeURIComponent(code)}`;
}
