import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RunningService } from '@daybreak/messaging';
import { consumedBy, serviceUnderTest, startTestService, testServiceEnv } from '@daybreak/testing';
import { AppModule } from '../src/app.module';
import { loadMediaConfig } from '../src/config';

export interface MediaTestService {
  service: RunningService;
  /** The local store's folder (empty when the service runs on S3). */
  storageDir: string;
  stop(): Promise<void>;
}

/**
 * The media service on a fresh schema and a temporary storage folder; `env` adds settings (e.g. S3).
 * `consumes` connects its event consumers; `keepSchema` starts a second process beside a running one.
 */
export async function startMediaService(
  env: NodeJS.ProcessEnv = {},
  options: { consumes?: boolean; keepSchema?: boolean } = {},
): Promise<MediaTestService> {
  const storageDir = await mkdtemp(path.join(tmpdir(), 'media-int-'));
  const config = loadMediaConfig({ ...testServiceEnv(), MEDIA_STORAGE_DIR: storageDir, ...env });
  const service = await startTestService('media', AppModule.forConfig(config), options);
  return {
    service,
    storageDir,
    async stop() {
      await service.app.close();
      await rm(storageDir, { recursive: true, force: true });
    },
  };
}

/**
 * For a describe block: the media service with its consumers (startMediaService's `env`), started
 * before its tests and stopped after them with its folder (serviceUnderTest). `consumed` publishes an
 * event as another service would and resolves once media has handled it.
 */
export function mediaUnderTest(env: NodeJS.ProcessEnv = {}) {
  return {
    media: serviceUnderTest(() => startMediaService(env, { consumes: true })),
    consumed: consumedBy('media'),
  };
}
