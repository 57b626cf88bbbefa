import {
  routesOpenWithoutIdentity,
  serviceUnderTest,
  startTestService,
  testServiceEnv,
} from '@daybreak/testing';
import request from 'supertest';
import { AppModule } from '../src/app.module';
import { loadStreaksConfig } from '../src/config';

describe('streaks: every route needs the gateway identity token made for streaks (real Postgres and Kafka)', () => {
  const service = serviceUnderTest(() =>
    startTestService('streaks', AppModule.forConfig(loadStreaksConfig(testServiceEnv()))),
  );

  it('answers 401 on every route but the health probes, without a token or with one for another service', async () => {
    const { routes, open } = await routesOpenWithoutIdentity(service(), 'streaks');
    expect(routes.length).toBeGreaterThan(0);
    expect(open).toEqual([]);
    await request(service().url).get('/health/live').expect(200);
  });
});
