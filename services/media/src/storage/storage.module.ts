import { DynamicModule, Module } from '@nestjs/common';
import type { MediaConfig } from '../config';
import { LocalDirectoryStore } from './local-directory.store';
import { OBJECT_STORE, ObjectStore } from './object-store';
import { S3ObjectStore } from './s3-object.store';

function createObjectStore(config: MediaConfig): ObjectStore {
  if (!config.MEDIA_S3_BUCKET) return new LocalDirectoryStore(config.MEDIA_STORAGE_DIR);
  const { MEDIA_S3_ACCESS_KEY_ID: accessKeyId, MEDIA_S3_SECRET_ACCESS_KEY: secretAccessKey } = config;
  return new S3ObjectStore({
    bucket: config.MEDIA_S3_BUCKET,
    region: config.MEDIA_S3_REGION,
    endpoint: config.MEDIA_S3_ENDPOINT,
    forcePathStyle: config.MEDIA_S3_FORCE_PATH_STYLE,
    // Config guarantees both or neither.
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
  });
}

/** Provides `OBJECT_STORE` to the whole service: the one place that picks the storage backend. */
@Module({})
export class StorageModule {
  static forConfig(config: MediaConfig): DynamicModule {
    return {
      module: StorageModule,
      global: true,
      providers: [{ provide: OBJECT_STORE, useFactory: () => createObjectStore(config) }],
      exports: [OBJECT_STORE],
    };
  }
}
