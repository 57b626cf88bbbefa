import { PipeTransform } from '@nestjs/common';
import { isValidTimeZone } from '@daybreak/contracts';
import { z } from 'zod';
import { BadInputError } from '../errors/domain-error';

/** Turns zod's issues into one sentence a person can act on, e.g. "content: Too long; imageUrl: Invalid url". */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

/** Parses input with a zod schema; bad input becomes a 400 with a readable message. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new BadInputError('REQUEST.INVALID', describeIssues(result.error));
  return result.data;
}

/** `@Body(new ZodPipe(schema))`: validation at the edge, typed values inside. */
export class ZodPipe<S extends z.ZodType> implements PipeTransform<unknown, z.infer<S>> {
  constructor(private readonly schema: S) {}
  transform(value: unknown): z.infer<S> {
    return parseInput(this.schema, value);
  }
}

/** An IANA time zone the runtime knows, e.g. `Europe/Paris`. */
export const timeZoneSchema = z
  .string({ error: 'timezone is required (an IANA name such as Europe/Paris)' })
  .refine(isValidTimeZone, { message: 'Unknown time zone. Send an IANA name such as Europe/Paris.' });
