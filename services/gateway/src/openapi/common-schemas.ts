import type { ApiErrorBody } from '@daybreak/contracts';
import { MAX_PAGE_OFFSET } from '@daybreak/contracts';
import { z } from 'zod';

/** What every area's schemas share: a member as a list shows them, errors, health, a page's query. */

export const nullableString = z.string().nullable();
export const isoDate = z.string();

/** `/health/live` and `/health/ready` (libs/nest-common's HealthModule). */
export const healthStatus = z.object({
  status: z.literal('ok'),
  checks: z.record(z.string(), z.string()).optional(),
});

export const errorBody = z.object({
  statusCode: z.int(),
  code: z.string(),
  message: z.string(),
}) satisfies z.ZodType<ApiErrorBody>;

export const userSummary = z.object({
  id: z.string(),
  firstName: nullableString,
  lastName: nullableString,
  profileName: nullableString,
  profileImageUrl: nullableString,
});

/**
 * A paged list's query: `limit` items from `offset`. The services answer 400 outside these bounds,
 * past MAX_PAGE_OFFSET with PAGE_TOO_DEEP_MESSAGE.
 */
export const pageQuery = (maxLimit: number) =>
  z.object({
    limit: z.number().int().min(1).max(maxLimit).optional(),
    offset: z
      .number()
      .int()
      .min(0)
      .max(MAX_PAGE_OFFSET)
      .optional()
      .describe(`Items to skip; past ${MAX_PAGE_OFFSET} the answer is a 400 (paging goes no deeper).`),
  });
