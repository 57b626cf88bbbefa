import { randomBytes } from 'node:crypto';

/** 12 random bytes in base64url: 16 characters, 96 bits, unguessable. */
export const INVITE_CODE_PATTERN = /^[A-Za-z0-9_-]{16}$/;

/** A link lives 30 days from when it was made (ADR 0030), unless its member makes a new one first. */
export const INVITE_LIFETIME_DAYS = 30;

export function newInviteCode(): string {
  return randomBytes(12).toString('base64url');
}

export function inviteExpiry(madeAt: Date): Date {
  return new Date(madeAt.getTime() + INVITE_LIFETIME_DAYS * 24 * 60 * 60 * 1000);
}

export interface InviteState {
  inviterId: string;
  expiresAt: Date;
  /** When the member made a newer link; null while this one is their current link. */
  replacedAt: Date | null;
}

/** A link works, for any number of friends, until it expires or its member makes a new one. */
export const isLive = (invite: InviteState, now: Date): boolean =>
  invite.replacedAt === null && invite.expiresAt > now;

/**
 * What accepting an invite link does (a friend who joined through this inviter before changes
 * nothing; the acceptances' primary key says so, not this rule).
 * - `accept`: a live link, someone else's: both members follow each other;
 * - `own`: the inviter's own link (400);
 * - `gone`: expired or replaced (404, like an unknown code).
 */
export function acceptOutcome(invite: InviteState, memberId: string, now: Date): 'accept' | 'own' | 'gone' {
  if (!isLive(invite, now)) return 'gone';
  if (invite.inviterId === memberId) return 'own';
  return 'accept';
}
