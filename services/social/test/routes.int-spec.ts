import { RunningService } from '@daybreak/messaging';
import { routesOpenWithoutIdentity, startTestService, testServiceEnv } from '@daybreak/testing';
import request from 'supertest';
import { AppModule } from '../src/app.module';
import { loadSocialConfig } from '../src/config';

describe('social: every route needs the gateway identity token made for social (real Postgres and Kafka)', () => {
  let service: RunningService;

  beforeAll(async () => {
    service = await startTestService('social', AppModule.forConfig(loadSocialConfig(testServiceEnv())));
  });
  afterAll(() => service?.app.close());

  it('answers 401 on every route but the health probes, without a token or with one for another service', async () => {
    const { routes, open } = await routesOpenWithoutIdentity(service, 'social');
    expect(routes.length).toBeGreaterThan(0);
    expect(open).toEqual([]);
    await request(service.url).get('/health/live').expect(200);
  });
});
