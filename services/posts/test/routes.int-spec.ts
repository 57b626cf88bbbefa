import { routesOpenWithoutIdentity, serviceUnderTest } from '@daybreak/testing';
import request from 'supertest';
import { startPosts } from './posts-under-test';

describe('posts: every route needs the gateway identity token made for posts (real Postgres and Kafka)', () => {
  const service = serviceUnderTest(() => startPosts());

  it('answers 401 on every route but the health probes, without a token or with one for another service', async () => {
    const { routes, open } = await routesOpenWithoutIdentity(service(), 'posts');
    expect(routes.length).toBeGreaterThan(0);
    expect(open).toEqual([]);
    await request(service().url).get('/health/live').expect(200);
  });
});
