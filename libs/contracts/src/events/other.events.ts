import { z } from 'zod';

export const badgeEarnedV1 = z.object({
  userId: z.uuid(),
  badgeId: z.string().min(1),
  /** The badge's display name, for "You earned …" (additive: older events lack it). */
  badgeName: z.string().min(1).optional(),
  postId: z.uuid().nullable(),
});

export const notificationCreatedV1 = z.object({
  notificationId: z.uuid(),
  userId: z.uuid(),
  type: z.string().min(1),
});

export const mediaUploadedV1 = z.object({ objectKey: z.string().min(1), ownerId: z.uuid() });
