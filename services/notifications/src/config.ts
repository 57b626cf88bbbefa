import {
  baseConfigSchema,
  databaseTimeoutsShape,
  portSchema,
  kafkaConfigShape,
  loadConfig,
} from '@daybreak/nest-common';
import { z } from 'zod';
import { reminderConfigShape } from './reminders/reminder-config';
import {
  refuseTestPushOriginsInProduction,
  requireVapidTogether,
  vapidConfigShape,
} from './push/vapid-config';
import { pushSendingConfigShape } from './push/push-sending-config';

export const notificationsConfigSchema = baseConfigSchema
  .extend({
    PORT: portSchema(3004),
    DATABASE_URL: z.url(),
    ...databaseTimeoutsShape,
    /** Unread counters and their pub/sub channel. */
    REDIS_URL: z.url(),
    ...kafkaConfigShape,
    /**
     * `worker` consumes events (and sends push), `api` serves HTTP only, `all` does both. Operators
     * scale workers on their own: every worker joins one consumer group.
     */
    NOTIFICATIONS_ROLE: z.enum(['api', 'worker', 'all']).default('all'),
    KAFKA_GROUP_ID: z.string().default('notifications-worker'),
    ...reminderConfigShape,
    ...vapidConfigShape,
    ...pushSendingConfigShape,
  })
  .superRefine(requireVapidTogether)
  .superRefine(refuseTestPushOriginsInProduction);

export type NotificationsConfig = z.infer<typeof notificationsConfigSchema>;

/** Whether this process runs the event consumers. */
export const consumesEvents = (config: NotificationsConfig): boolean => config.NOTIFICATIONS_ROLE !== 'api';

export const loadNotificationsConfig = (env: NodeJS.ProcessEnv = process.env): NotificationsConfig =>
  loadConfig(notificationsConfigSchema, env);
