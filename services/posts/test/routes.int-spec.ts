import { RunningService } from '@daybreak/messaging';
import { routesOpenWithoutIdentity, startTestService, testServiceEnv } from '@daybreak/testing';
import request from 'supertest';
import { AppModule } from '../src/app.module';
import { loadPostsConfig } from '../src/config';

describe('posts: every route needs the gateway identity token made for posts (real Postgres and Kafka)', () => {
  let service: RunningService;

  beforeAll(async () => {
    service = await startTestService('posts', AppModule.forConfig(loadPostsConfig(testServiceEnv())));
  });
  afterAll(() => service?.app.close());

  it('answers 401 on every route but the health probes, without a token or with one for another service', async () => {
    const { routes, open } = await routesOpenWithoutIdentity(service, 'posts');
    expect(routes.length).toBeGreaterThan(0);
    expect(open).toEqual([]);
    await request(service.url).get('/health/live').expect(200);
  });
});
