import { z } from 'zod';

export const badgeEarnedV1 = z.object({
  userId: z.uuid(),
  badgeId: z.string().min(1),
  postId: z.uuid().nullable(),
});

export const notificationCreatedV1 = z.object({
  notificationId: z.uuid(),
  userId: z.uuid(),
  type: z.string().min(1),
});

export const mediaUploadedV1 = z.object({ objectKey: z.string().min(1), ownerId: z.uuid() });
