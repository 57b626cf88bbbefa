import { timeZoneSchema } from '@daybreak/nest-common';
import { z } from 'zod';

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Postgres cannot store a NUL, and no name or address legitimately has control characters. */
const storableText = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, `${field} can be at most ${max} characters`)
    .refine((value) => !CONTROL_CHARACTERS.test(value), `${field} cannot contain control characters`);

const optionalName = (field: string) =>
  storableText(field, 100)
    .nullable()
    .transform((value) => value || null);

export const signInSchema = z.object({
  issuer: z.string().min(1).max(500),
  subject: z.string().min(1).max(255),
  // Whatever address the identity provider vouches for: it did the checking, and valid addresses
  // (e.g. with `!` or quoted local parts) are more varied than any pattern here would allow.
  email: storableText('email', 320)
    .nullable()
    .transform((value) => value || null),
  firstName: optionalName('firstName'),
  lastName: optionalName('lastName'),
  /** The browser's zone at sign-in, when the gateway learned it. */
  timezone: timeZoneSchema.nullish(),
});

export type SignInInput = z.infer<typeof signInSchema>;
