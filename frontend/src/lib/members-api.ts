/** Members, follows, the weekly leaderboard and invites (spec §7): the calls between members. */
import {
  USERS_LIST_LIMIT,
  type GeneratedInvite,
  type InviteLookup,
  type LeaderboardEntry,
  type UserListItem,
} from '@daybreak/contracts';
import { apiJson, getJson, segment, sendOnly, type RequestOptions } from './api-client';

export function fetchUsers(options?: RequestOptions): Promise<UserListItem[]> {
  return getJson<UserListItem[]>(`/api/users?limit=${USERS_LIST_LIMIT}`, options);
}

/** The caller checks that `text` is not blank (spec §5). */
export function searchUsers(text: string, options?: RequestOptions): Promise<UserListItem[]> {
  return getJson<UserListItem[]>(`/api/users/search?${new URLSearchParams({ q: text })}`, options);
}

export function followUser(userId: string): Promise<void> {
  return sendOnly('POST', `/api/users/${segment(userId)}/follow`);
}

export function unfollowUser(userId: string): Promise<void> {
  return sendOnly('DELETE', `/api/users/${segment(userId)}/follow`);
}

export function fetchFollowers(userId: string, options?: RequestOptions): Promise<UserListItem[]> {
  return getJson<UserListItem[]>(`/api/users/${segment(userId)}/followers`, options);
}

export function fetchFollowing(userId: string, options?: RequestOptions): Promise<UserListItem[]> {
  return getJson<UserListItem[]>(`/api/users/${segment(userId)}/following`, options);
}

/** This week's ranking among the people the viewer follows (and the viewer). */
export function fetchWeeklyLeaderboard(options?: RequestOptions): Promise<LeaderboardEntry[]> {
  return getJson<LeaderboardEntry[]>('/api/following/leaderboard/weekly', options);
}

export function generateInvite(): Promise<GeneratedInvite> {
  return apiJson<GeneratedInvite>('POST', '/api/invites/generate');
}

/** A new link; the member's old one stops working (ADR 0030). */
export function renewInvite(): Promise<GeneratedInvite> {
  return apiJson<GeneratedInvite>('POST', '/api/invites/renew');
}

/** The member copied or shared their link: it counts as an invite sent. */
export function markInviteShared(code: string): Promise<void> {
  return sendOnly('POST', `/api/invites/${segment(code)}/shared`);
}

/**
 * Looks an invite code up. An invalid code fails with the spec's status-prefixed message; a network
 * failure fails without a status (the invite page words the two differently, spec §8).
 */
export function fetchInvite(code: string, options?: RequestOptions): Promise<InviteLookup> {
  return getJson<InviteLookup>(`/api/invites/${segment(code)}`, options);
}

export function acceptInvite(code: string): Promise<void> {
  return sendOnly('POST', `/api/invites/${segment(code)}/accept`);
}
