import type { UserSummary } from './user';

/** `POST` and `DELETE /api/users/{id}/block`: where the block stands now. */
export interface BlockResult {
  isBlocked: boolean;
}

/** `POST` and `DELETE /api/users/{id}/mute`: where the mute stands now. */
export interface MuteResult {
  isMuted: boolean;
}

/** `GET /api/blocks` and `GET /api/mutes`: one member the viewer blocked or muted, newest first. */
export type BlockedMember = UserSummary;

/** Both lists answer this many members at most per page. */
export const SAFETY_LIST_LIMIT = 100;

/** The 403 messages the UI shows when a block stands between two members. */
export const BLOCKED_FOLLOW_MESSAGE = "You can't follow this member.";
export const BLOCKED_INVITE_MESSAGE = "You can't accept this member's invite.";
export const BLOCKED_LIKE_MESSAGE = "You can't like this member's posts.";
export const BLOCKED_COMMENT_MESSAGE = "You can't comment on this member's posts.";

/**
 * Social's answer to a block, an unblock, a mute or an unmute says the member's safety version (the
 * count of their changes, which each event carries) in this header, for the gateway: it waits for
 * posts to have applied that version before it answers the member (ADR 0024).
 */
export const SAFETY_VERSION_HEADER = 'x-safety-version';
