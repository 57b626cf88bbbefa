import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3StoreOptions } from '../src/storage/s3-object.store';

export interface S3TestServer {
  /** For `new S3ObjectStore(...)` and `new S3Client(...)`. */
  options: Required<S3StoreOptions>;
  /** The same, as the service's MEDIA_S3_* variables. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * A real S3-protocol server (s3rver) on a free port of 127.0.0.1, keeping its objects in a temporary
 * directory, with one empty bucket. It accepts the one access key id below (and, unlike S3, does not
 * verify SigV4 signatures).
 */
export async function startS3TestServer(bucket = 'daybreak-media-test'): Promise<S3TestServer> {
  const directory = await mkdtemp(path.join(tmpdir(), 'media-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true });
  const { port } = await server.run();
  const clientOptions = {
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    // No wildcard DNS for bucket host names on 127.0.0.1.
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  };
  const admin = new S3Client(clientOptions);
  await admin.send(new CreateBucketCommand({ Bucket: bucket }));
  admin.destroy();
  const options = { bucket, ...clientOptions };
  return {
    options,
    env: {
      MEDIA_S3_BUCKET: bucket,
      MEDIA_S3_REGION: options.region,
      MEDIA_S3_ENDPOINT: options.endpoint,
      MEDIA_S3_FORCE_PATH_STYLE: 'true',
      MEDIA_S3_ACCESS_KEY_ID: options.credentials.accessKeyId,
      MEDIA_S3_SECRET_ACCESS_KEY: options.credentials.secretAccessKey,
    },
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
