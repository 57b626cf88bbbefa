import {
  baseConfigSchema,
  databaseTimeoutsShape,
  portSchema,
  kafkaConfigShape,
  loadConfig,
} from '@daybreak/nest-common';
import { z } from 'zod';

export const postsConfigSchema = baseConfigSchema.extend({
  PORT: portSchema(3001),
  DATABASE_URL: z.url(),
  ...databaseTimeoutsShape,
  /** The first pages of the public feed are cached here (see FeedCache). */
  REDIS_URL: z.url(),
  ...kafkaConfigShape,
  /** Consumer group; every process of this service shares it. */
  KAFKA_GROUP_ID: z.string().default('posts'),
});

export type PostsConfig = z.infer<typeof postsConfigSchema>;

export const loadPostsConfig = (env: NodeJS.ProcessEnv = process.env): PostsConfig =>
  loadConfig(postsConfigSchema, env);
