import path from 'node:path';
import {
  baseConfigSchema,
  databaseTimeoutsShape,
  portSchema,
  kafkaConfigShape,
  loadConfig,
} from '@daybreak/nest-common';
import { z } from 'zod';

/** `<repo>/.infra/media`: this file sits at services/media/{src,dist}/, three levels below the root. */
const DEFAULT_STORAGE_DIR = path.resolve(__dirname, '../../..', '.infra', 'media');

export const mediaConfigSchema = baseConfigSchema
  .extend({
    PORT: portSchema(3005),
    DATABASE_URL: z.url(),
    ...databaseTimeoutsShape,
    ...kafkaConfigShape,
    /** Folder of the local object store (originals and variants); used unless an S3 bucket is set. */
    MEDIA_STORAGE_DIR: z
      .string()
      .min(1)
      .default(DEFAULT_STORAGE_DIR)
      .transform((dir) => path.resolve(dir)),
    /** Selects the S3-compatible store instead of MEDIA_STORAGE_DIR. */
    MEDIA_S3_BUCKET: z.string().min(1).optional(),
    /** For S3-compatible services (MinIO, R2, …); unset means AWS itself. A scheme is required. */
    MEDIA_S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
    MEDIA_S3_REGION: z.string().min(1).default('us-east-1'),
    /** Unset: the SDK's default credential chain (environment, profile, instance or task role). */
    MEDIA_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    MEDIA_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /** `bucket` in the path rather than the host name: what most self-hosted services need. */
    MEDIA_S3_FORCE_PATH_STYLE: z
      .enum(['true', 'false'])
      .optional()
      .transform((value) => value === 'true'),
    /** Images decoded at once per process; more wait their turn (each holds up to ~160 MB of pixels). */
    MEDIA_MAX_CONCURRENT_DECODES: z.coerce.number().int().min(1).max(64).default(2),
    /** Per member and UTC day: uploads accepted for processing, and their bytes as received. */
    MEDIA_DAILY_UPLOADS: z.coerce.number().int().min(1).default(50),
    MEDIA_DAILY_UPLOAD_BYTES: z.coerce
      .number()
      .int()
      .min(1)
      .default(200 * 1024 * 1024),
    /** Upload links and images never used by a post or a profile are purged once this old. */
    MEDIA_ORPHAN_MAX_AGE_HOURS: z.coerce.number().positive().default(24),
    /** How often each process runs the purge (they share the work: SKIP LOCKED). */
    MEDIA_PURGE_INTERVAL_SECONDS: z.coerce.number().int().min(1).default(3600),
  })
  .superRefine((config, context) => {
    // Half a key pair would quietly fall back to the default credential chain: name the missing half.
    const keys = ['MEDIA_S3_ACCESS_KEY_ID', 'MEDIA_S3_SECRET_ACCESS_KEY'] as const;
    const missing = keys.filter((key) => !config[key]);
    if (missing.length === 1)
      context.addIssue({ code: 'custom', path: missing, message: `${keys.join(' and ')} go together` });
  });

export type MediaConfig = z.infer<typeof mediaConfigSchema>;

export const loadMediaConfig = (env: NodeJS.ProcessEnv = process.env): MediaConfig =>
  loadConfig(mediaConfigSchema, env);

/** The loaded config, for providers that read limits from it (given by the global MediaConfigModule). */
export const MEDIA_CONFIG = Symbol('MEDIA_CONFIG');
