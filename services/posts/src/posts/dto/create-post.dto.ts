import {
  FEED_PAGE_MAX_LIMIT,
  FEED_PAGE_SIZE,
  POST_MAX_LENGTH,
  STREAK_TEST_POST_LIMIT,
} from '@daybreak/contracts';
import { z } from 'zod';
import { pageOffsetSchema, timeZoneSchema } from '@daybreak/nest-common';

const postFields = {
  content: z
    .string({ error: 'content must be text' })
    .default('')
    .transform((value) => value.trim())
    .pipe(z.string().max(POST_MAX_LENGTH, `Posts can be at most ${POST_MAX_LENGTH} characters.`)),
  timezone: timeZoneSchema,
};

const NEEDS_CONTENT = { message: 'Please add some content or an image to your post.' };

export const createPostSchema = z
  .object({ ...postFields, imageUrl: z.string().startsWith('/objects/').max(500).nullish() })
  .refine((post) => post.content.length > 0 || !!post.imageUrl, NEEDS_CONTENT);

/**
 * A post about to be sent with a photo that is not stored yet: the gateway checks it first, so a
 * photo is processed only for a post that will be accepted.
 */
export const postDraftSchema = z
  .object({ ...postFields, hasImage: z.boolean().default(false) })
  .refine((post) => post.content.length > 0 || post.hasImage, NEEDS_CONTENT);

export type CreatePostInput = z.infer<typeof createPostSchema>;

export const feedQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(FEED_PAGE_MAX_LIMIT).default(FEED_PAGE_SIZE),
  offset: pageOffsetSchema,
  /** Only this member's posts (their profile); the same page shape and query budget as the feed. */
  authorId: z.uuid({ error: 'authorId must be a UUID' }).optional(),
});

/** Posts by id, as many as the streak test lists: the one call that lends the page its texts. */
export const postTextsSchema = z.object({
  ids: z
    .array(z.uuid({ error: 'ids must be UUIDs' }), { error: 'ids must be a list of post ids' })
    .max(STREAK_TEST_POST_LIMIT, `At most ${STREAK_TEST_POST_LIMIT} posts at a time.`),
});
