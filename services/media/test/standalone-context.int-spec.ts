import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NestFactory } from '@nestjs/core';
import { dropSchema, testServiceEnv } from '@daybreak/testing';
import { AppModule } from '../src/app.module';
import { loadMediaConfig } from '../src/config';
import { ImagesService } from '../src/images/images.service';

describe('media without an HTTP server (real Postgres and Kafka)', () => {
  it('starts as a standalone application context, as its seed script runs it', async () => {
    await dropSchema('media');
    const storageDir = await mkdtemp(path.join(tmpdir(), 'media-int-'));
    const config = loadMediaConfig({ ...testServiceEnv(), MEDIA_STORAGE_DIR: storageDir });
    const app = await NestFactory.createApplicationContext(AppModule.forConfig(config), { logger: false });
    try {
      expect(app.get(ImagesService)).toBeInstanceOf(ImagesService);
    } finally {
      await app.close();
      await rm(storageDir, { recursive: true, force: true });
    }
  });
});
