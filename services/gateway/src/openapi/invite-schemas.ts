import type { GeneratedInvite, InviteLookup, SharedInvite } from '@daybreak/contracts';
import { z } from 'zod';
import { nullableString } from './common-schemas';

/** Invites as `/api/docs.json` describes them, each checked against its contract type. */

export const generatedInvite = z.object({
  inviteCode: z.string(),
  expiresAt: z.string(),
}) satisfies z.ZodType<GeneratedInvite>;

export const sharedInvite = z.object({ counted: z.boolean() }) satisfies z.ZodType<SharedInvite>;

export const inviteLookup = z.object({
  inviter: z.object({
    profileName: nullableString,
    firstName: nullableString,
    lastName: nullableString,
    profileImageUrl: nullableString,
    streakCount: z.int(),
    isCurrentUser: z.boolean(),
  }),
}) satisfies z.ZodType<InviteLookup>;

export const inviteAccepted = z.object({ inviterId: z.string(), accepted: z.boolean() });
