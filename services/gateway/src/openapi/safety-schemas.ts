import type { BlockResult, BlockedMember, MuteResult } from '@daybreak/contracts';
import { z } from 'zod';

/** Blocks and mutes as `/api/docs.json` describes them, each checked against its contract type. */

export const blockResult = z.object({ isBlocked: z.boolean() }) satisfies z.ZodType<BlockResult>;

export const muteResult = z.object({ isMuted: z.boolean() }) satisfies z.ZodType<MuteResult>;

export const blockedMember = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
}) satisfies z.ZodType<BlockedMember>;
