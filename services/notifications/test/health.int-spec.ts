import {
  routesOpenWithoutIdentity,
  serviceUnderTest,
  startTestService,
  testServiceEnv,
} from '@daybreak/testing';
import request from 'supertest';
import { AppModule } from '../src/app.module';
import { loadNotificationsConfig } from '../src/config';

describe('notifications: health, and the identity token on every other route (real Postgres and Kafka)', () => {
  const service = serviceUnderTest(() =>
    startTestService('notifications', AppModule.forConfig(loadNotificationsConfig(testServiceEnv()))),
  );

  it('is live, and ready when its dependencies answer', async () => {
    await request(service().url).get('/health/live').expect(200, { status: 'ok' });
    const ready = await request(service().url).get('/health/ready').expect(200);
    expect(ready.body.checks).toEqual({ postgres: 'up', kafka: 'up', redis: 'up' });
  });

  it('answers 401 on every route but the health probes, without a token or with one for another service', async () => {
    const { routes, open } = await routesOpenWithoutIdentity(service(), 'notifications');
    expect(routes.length).toBeGreaterThan(0);
    expect(open).toEqual([]);
  });
});
