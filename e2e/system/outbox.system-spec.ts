import { randomUUID } from 'node:crypto';
import { IDENTITY_HEADER, signIdentityToken } from '@daybreak/nest-common';
import { startKafka, stopKafka, waitFor } from '@daybreak/testing';
import request from 'supertest';
import { stackEnv, zoneWhereItIsFiveAmNow } from '../support/stack-env';

/**
 * The transactional outbox across real processes: with Kafka down, a member can still post; the
 * post.created event waits in the posts service's outbox and reaches the streaks service once Kafka
 * is back.
 */
describe('outbox: no event is lost while Kafka is down', () => {
  const stack = stackEnv();
  const as = (userId: string | null) => ({
    [IDENTITY_HEADER]: signIdentityToken({ userId }, stack.serviceTokenSecret),
  });
  let kafkaStopped = false;

  /** Back to a healthy stack: Kafka up and every consumer in its group again. */
  const waitUntilReady = (url: string) =>
    waitFor(async () => (await request(url).get('/health/ready')).status === 200, {
      timeoutMs: 90_000,
      intervalMs: 250,
      description: `${url} to be ready again`,
    });

  afterAll(async () => {
    if (kafkaStopped) startKafka();
    await Promise.all([waitUntilReady(stack.postsUrl), waitUntilReady(stack.streaksUrl)]);
  });

  it('creates the post while Kafka is stopped and delivers its event after Kafka restarts', async () => {
    const ana = randomUUID();
    const earlyCount = async () => {
      const { body } = await request(stack.streaksUrl).get(`/users/${ana}/stats`).set(as(null)).expect(200);
      return body.fiveAmPostsCount + body.sixAmPostsCount;
    };

    stopKafka();
    kafkaStopped = true;
    const readiness = await request(stack.postsUrl).get('/health/ready');
    expect(readiness.status).toBe(503);
    await request(stack.postsUrl).get('/health/live').expect(200);

    const created = await request(stack.postsUrl)
      .post('/posts')
      .set(as(ana))
      .send({ content: 'Posted while the broker sleeps', timezone: zoneWhereItIsFiveAmNow() })
      .expect(201);
    expect(created.body.isEarlyMorning).toBe(true);
    expect(await earlyCount()).toBe(0);

    startKafka();
    kafkaStopped = false;

    await waitFor(async () => (await earlyCount()) === 1, {
      timeoutMs: 90_000,
      intervalMs: 250,
      description: 'post.created to reach the streaks service',
    });
  });
});
