import {
  baseConfigSchema,
  databaseTimeoutsShape,
  portSchema,
  kafkaConfigShape,
  loadConfig,
} from '@daybreak/nest-common';
import { z } from 'zod';

export const streaksConfigSchema = baseConfigSchema.extend({
  PORT: portSchema(3003),
  DATABASE_URL: z.url(),
  ...databaseTimeoutsShape,
  ...kafkaConfigShape,
  /** Consumer group; every process of this service shares it. */
  KAFKA_GROUP_ID: z.string().default('streaks'),
  /**
   * How often each process looks for due morning messages (streak nudge, weekly recap; ADR 0028).
   * 0 turns the timer off (tests run it with their own clock).
   */
  MORNING_TICK_SECONDS: z.coerce.number().int().min(0).max(300).default(15),
});

export type StreaksConfig = z.infer<typeof streaksConfigSchema>;

export const loadStreaksConfig = (env: NodeJS.ProcessEnv = process.env): StreaksConfig =>
  loadConfig(streaksConfigSchema, env);
