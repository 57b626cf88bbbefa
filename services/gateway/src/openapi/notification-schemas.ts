import type { AppNotification, PushPublicKey, UnreadCount } from '@daybreak/contracts';
import { z } from 'zod';
import { isoDate, nullableString, userSummary } from './common-schemas';

/** Notifications and push as `/api/docs.json` describes them, each checked against its contract type. */

export const notification = z.object({
  id: z.string(),
  type: z.string(),
  kind: nullableString.optional(),
  message: z.string(),
  isRead: z.boolean(),
  createdAt: isoDate,
  fromUserId: nullableString,
  postId: nullableString.optional(),
  fromUser: userSummary.omit({ id: true }).nullable().optional(),
  post: z.object({ imageUrl: nullableString }).nullable().optional(),
}) satisfies z.ZodType<AppNotification>;

export const unreadCount = z.object({ count: z.int() }) satisfies z.ZodType<UnreadCount>;
export const pushPublicKey = z.object({ publicKey: z.string() }) satisfies z.ZodType<PushPublicKey>;
