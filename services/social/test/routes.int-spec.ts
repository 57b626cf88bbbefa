import { routesOpenWithoutIdentity } from '@daybreak/testing';
import request from 'supertest';
import { socialUnderTest } from './social-under-test';

describe('social: every route needs the gateway identity token made for social (real Postgres and Kafka)', () => {
  const service = socialUnderTest();

  it('answers 401 on every route but the health probes, without a token or with one for another service', async () => {
    const { routes, open } = await routesOpenWithoutIdentity(service(), 'social');
    expect(routes.length).toBeGreaterThan(0);
    expect(open).toEqual([]);
    await request(service().url).get('/health/live').expect(200);
  });
});
