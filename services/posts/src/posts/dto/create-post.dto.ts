import { POST_MAX_LENGTH } from '@daybreak/contracts';
import { z } from 'zod';
import { timeZoneSchema } from '@daybreak/nest-common';

export const createPostSchema = z
  .object({
    content: z
      .string({ error: 'content must be text' })
      .default('')
      .transform((value) => value.trim())
      .pipe(z.string().max(POST_MAX_LENGTH, `Posts can be at most ${POST_MAX_LENGTH} characters.`)),
    timezone: timeZoneSchema,
    imageUrl: z.string().startsWith('/objects/').max(500).nullish(),
  })
  .refine((post) => post.content.length > 0 || !!post.imageUrl, {
    message: 'Please add some content or an image to your post.',
  });

export type CreatePostInput = z.infer<typeof createPostSchema>;

export const feedQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(10),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  /** Only this member's posts (their profile); the same page shape and query budget as the feed. */
  authorId: z.uuid({ error: 'authorId must be a UUID' }).optional(),
});
