import { baseConfigSchema, portSchema, kafkaBrokersSchema, loadConfig } from '@daybreak/nest-common';
import { z } from 'zod';

export const mediaConfigSchema = baseConfigSchema.extend({
  PORT: portSchema(3005),
  DATABASE_URL: z.url(),
  KAFKA_BROKERS: kafkaBrokersSchema,
});

export type MediaConfig = z.infer<typeof mediaConfigSchema>;

export const loadMediaConfig = (env: NodeJS.ProcessEnv = process.env): MediaConfig => loadConfig(mediaConfigSchema, env);
