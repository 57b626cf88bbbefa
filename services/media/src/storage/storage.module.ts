import { DynamicModule, Module } from '@nestjs/common';
import type { MediaConfig } from '../config';
import { LocalDirectoryStore } from './local-directory.store';
import { OBJECT_STORE, ObjectStore } from './object-store';

function createObjectStore(config: MediaConfig): ObjectStore {
  if (config.MEDIA_S3_BUCKET) {
    throw new Error(
      'MEDIA_S3_BUCKET is set, but this build has no S3 object store: it needs @aws-sdk/client-s3 ' +
        '(see services/media/README.md). Unset MEDIA_S3_BUCKET to use MEDIA_STORAGE_DIR.',
    );
  }
  return new LocalDirectoryStore(config.MEDIA_STORAGE_DIR);
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
