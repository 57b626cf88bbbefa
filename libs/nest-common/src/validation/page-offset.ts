import { MAX_PAGE_OFFSET, PAGE_TOO_DEEP_MESSAGE } from '@daybreak/contracts';
import { z } from 'zod';

/** A paged list's `?offset`: 0 by default, at most MAX_PAGE_OFFSET (a 400 with a message past it). */
export const pageOffsetSchema = z.coerce
  .number({ error: 'offset must be a number' })
  .int('offset must be a whole number')
  .min(0, 'offset cannot be negative')
  .max(MAX_PAGE_OFFSET, PAGE_TOO_DEEP_MESSAGE)
  .default(0);
