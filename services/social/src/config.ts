import {
  baseConfigSchema,
  databaseTimeoutsShape,
  portSchema,
  kafkaConfigShape,
  loadConfig,
} from '@daybreak/nest-common';
import { z } from 'zod';

export const socialConfigSchema = baseConfigSchema.extend({
  PORT: portSchema(3002),
  DATABASE_URL: z.url(),
  ...databaseTimeoutsShape,
  ...kafkaConfigShape,
});

export type SocialConfig = z.infer<typeof socialConfigSchema>;

export const loadSocialConfig = (env: NodeJS.ProcessEnv = process.env): SocialConfig =>
  loadConfig(socialConfigSchema, env);
