import { COMMENT_MAX_LENGTH } from '@daybreak/contracts';
import { z } from 'zod';

export const createCommentSchema = z.object({
  content: z
    .string({ error: 'content must be text' })
    .transform((value) => value.trim())
    .pipe(
      z
        .string()
        .min(1, 'Please write something before posting your comment.')
        .max(COMMENT_MAX_LENGTH, `Comments can be at most ${COMMENT_MAX_LENGTH} characters.`),
    ),
});

export type CreateCommentInput = z.infer<typeof createCommentSchema>;
