import { baseConfigSchema, portSchema, kafkaConfigShape, loadConfig } from '@daybreak/nest-common';
import { z } from 'zod';
import { vapidConfigShape, requireVapidTogether } from './push/vapid-config';

export const notificationsConfigSchema = baseConfigSchema
  .extend({
    PORT: portSchema(3004),
    DATABASE_URL: z.url(),
    ...kafkaConfigShape,
    ...vapidConfigShape,
  })
  .superRefine(requireVapidTogether);

export type NotificationsConfig = z.infer<typeof notificationsConfigSchema>;

export const loadNotificationsConfig = (env: NodeJS.ProcessEnv = process.env): NotificationsConfig =>
  loadConfig(notificationsConfigSchema, env);
