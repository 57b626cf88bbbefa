import { z } from 'zod';

/**
 * How the notifications service tells the gateway a member's unread count changed: it publishes
 * each new count on UNREAD_COUNT_CHANNEL in Redis (once stored, newest version wins), and the
 * gateway streams it to the member's open tabs. Both sides encode and decode here, so neither can
 * drift from the other.
 */
export const UNREAD_COUNT_CHANNEL = 'notifications:unread';

export const unreadCountChangeSchema = z.object({
  userId: z.string().min(1),
  count: z.number().int().nonnegative(),
});

export type UnreadCountChange = z.infer<typeof unreadCountChangeSchema>;

/** The message for a change: `{"userId":"…","count":N}`. */
export function encodeUnreadCountChange(change: UnreadCountChange): string {
  return JSON.stringify(unreadCountChangeSchema.parse(change));
}

/** The change a message announces, or null for anything else on the channel. */
export function decodeUnreadCountChange(message: string): UnreadCountChange | null {
  try {
    const parsed = unreadCountChangeSchema.safeParse(JSON.parse(message));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
