import path from 'node:path';
import { baseConfigSchema, portSchema, kafkaBrokersSchema, loadConfig } from '@daybreak/nest-common';
import { z } from 'zod';

/** `<repo>/.infra/media`: this file sits at services/media/{src,dist}/, three levels below the root. */
const DEFAULT_STORAGE_DIR = path.resolve(__dirname, '../../..', '.infra', 'media');

export const mediaConfigSchema = baseConfigSchema.extend({
  PORT: portSchema(3005),
  DATABASE_URL: z.url(),
  KAFKA_BROKERS: kafkaBrokersSchema,
  /** Folder of the local object store (originals and variants); used unless an S3 bucket is set. */
  MEDIA_STORAGE_DIR: z
    .string()
    .min(1)
    .default(DEFAULT_STORAGE_DIR)
    .transform((dir) => path.resolve(dir)),
  /**
   * Selects the S3-compatible store. Read so that setting it fails loudly at boot: this build has no
   * S3 store yet (see services/media/README.md), and silently writing to local disk instead would lose
   * uploads on the next deploy.
   */
  MEDIA_S3_BUCKET: z.string().min(1).optional(),
});

export type MediaConfig = z.infer<typeof mediaConfigSchema>;

export const loadMediaConfig = (env: NodeJS.ProcessEnv = process.env): MediaConfig =>
  loadConfig(mediaConfigSchema, env);
