import { randomBytes } from 'node:crypto';

/** 12 random bytes in base64url: 16 characters, 96 bits, unguessable. */
export const INVITE_CODE_PATTERN = /^[A-Za-z0-9_-]{16}$/;

export function newInviteCode(): string {
  return randomBytes(12).toString('base64url');
}

export interface InviteState {
  inviterId: string;
  acceptedBy: string | null;
}

/**
 * What accepting an invite does. A code is single use: once accepted, the inviter's next
 * "generate" makes a new one.
 * - `accept`: an open code, someone else's: both members follow each other;
 * - `already-accepted`: this member accepted it before: nothing changes (accepting twice is harmless);
 * - `own`: the inviter's own code (400);
 * - `gone`: accepted by someone else (404, like an unknown code).
 */
export function acceptOutcome(
  invite: InviteState,
  memberId: string,
): 'accept' | 'already-accepted' | 'own' | 'gone' {
  if (invite.inviterId === memberId) return 'own';
  if (invite.acceptedBy === memberId) return 'already-accepted';
  if (invite.acceptedBy !== null) return 'gone';
  return 'accept';
}

/** An invite can be looked up (and shown to a guest) while it can still be accepted. */
export const isOpen = (invite: InviteState): boolean => invite.acceptedBy === null;
