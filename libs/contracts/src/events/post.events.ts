import { z } from 'zod';

/** `5am` is 04:30–05:30 local wall time, `6am` 05:31–06:30; anything else is `none`. */
export const timeClassificationSchema = z.enum(['5am', '6am', 'none']);
export type TimeClassification = z.infer<typeof timeClassificationSchema>;

export const postCreatedV1 = z.object({
  postId: z.uuid(),
  authorId: z.uuid(),
  /** Instant of creation (ISO-8601, UTC). */
  createdAt: z.iso.datetime({ offset: true }),
  /** IANA zone the author's device reported; classification and streak day use it. */
  timezone: z.string().min(1),
  timeClassification: timeClassificationSchema,
  isEarlyMorning: z.boolean(),
  hasImage: z.boolean(),
  /** The post's image path (additive: older events lack it), for the image on its notifications. */
  imageUrl: z.string().nullable().optional(),
});

export const postDeletedV1 = z.object({
  postId: z.uuid(),
  authorId: z.uuid(),
  /** The deleted post's image path, so media deletes it (additive: older events lack it). */
  imageUrl: z.string().nullable().optional(),
});

export const postLikedV1 = z.object({ postId: z.uuid(), postAuthorId: z.uuid(), likerId: z.uuid() });
export const postUnlikedV1 = postLikedV1;

export const commentCreatedV1 = z.object({
  commentId: z.uuid(),
  postId: z.uuid(),
  postAuthorId: z.uuid(),
  authorId: z.uuid(),
  /** First characters only: enough for a notification line. */
  excerpt: z.string(),
});
