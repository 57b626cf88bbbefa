import { generateKeyPairSync } from 'node:crypto';
import { RunningService } from '@daybreak/messaging';
import {
  FakePushService,
  StoppableService,
  serviceUnderTest,
  startTestService,
  testServiceEnv,
} from '@daybreak/testing';
import { AppModule } from '../src/app.module';
import { loadNotificationsConfig } from '../src/config';

/** A fresh VAPID key pair, as `npm start` makes one: P-256, base64url (public key uncompressed). */
export function vapidKeys() {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const { x, y } = publicKey.export({ format: 'jwk' });
  const point = Buffer.concat([Buffer.from([4]), Buffer.from(x!, 'base64url'), Buffer.from(y!, 'base64url')]);
  return { publicKey: point.toString('base64url'), privateKey: privateKey.export({ format: 'jwk' }).d! };
}

/** The notifications service with push on (these keys), sending to the started fake push service. */
export function startWithPush(
  pushService: FakePushService,
  vapid: ReturnType<typeof vapidKeys>,
): Promise<RunningService> {
  const config = loadNotificationsConfig({
    ...testServiceEnv(),
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: 'mailto:push-test@daybreak.local',
    PUSH_EXTRA_ORIGINS: pushService.origin,
  });
  return startTestService('notifications', AppModule.forConfig(config));
}

/**
 * For a describe block (serviceUnderTest): the fake push service, then notifications sending to it,
 * started before the tests; after them the push service answers what it held, and both stop.
 */
export function pushUnderTest(
  pushService: FakePushService,
  vapid = vapidKeys(),
): () => RunningService & StoppableService {
  return serviceUnderTest(async () => {
    await pushService.start();
    const service = await startWithPush(pushService, vapid);
    return {
      ...service,
      stop: async () => {
        pushService.release();
        await service.app.close();
        await pushService.stop();
      },
    };
  });
}
