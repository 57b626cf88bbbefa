import type { ReminderSettings } from '@daybreak/contracts';
import { z } from 'zod';

/** The member's mornings (issue 43) as `/api/docs.json` describes them, checked against the contract. */
export const reminderSettings = z.object({
  enabled: z.boolean(),
  time: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/)
    .meta({ description: 'Local time, HH:MM' }),
  days: z
    .array(z.int().min(1).max(7))
    .min(1)
    .max(7)
    .meta({ description: 'ISO days of the week, 1 = Monday … 7 = Sunday' }),
  streakNudge: z.boolean(),
  weeklyRecap: z.boolean(),
}) satisfies z.ZodType<ReminderSettings>;
