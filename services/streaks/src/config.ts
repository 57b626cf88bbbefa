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
});

export type StreaksConfig = z.infer<typeof streaksConfigSchema>;

export const loadStreaksConfig = (env: NodeJS.ProcessEnv = process.env): StreaksConfig =>
  loadConfig(streaksConfigSchema, env);
