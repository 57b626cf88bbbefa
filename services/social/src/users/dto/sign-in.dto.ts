import { z } from 'zod';

const optionalName = z
  .string()
  .trim()
  .max(100)
  .nullable()
  .transform((value) => value || null);

export const signInSchema = z.object({
  issuer: z.string().min(1).max(500),
  subject: z.string().min(1).max(255),
  email: z.email().max(320).nullable(),
  firstName: optionalName,
  lastName: optionalName,
});

export type SignInInput = z.infer<typeof signInSchema>;
