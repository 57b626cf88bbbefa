import { randomUUID } from 'node:crypto';
import { IDENTITY_HEADER, identityAudience, signIdentityToken } from '@daybreak/nest-common';
import {
  removeOutageBroker,
  restartOutageBroker,
  startOutageBroker,
  stopOutageBroker,
  waitFor,
} from '@daybreak/testing';
import request from 'supertest';
import { scrape, valueOf } from '../support/metrics';
import { OwnServices, startOwnServices } from '../support/own-services';
import { zoneWhereItIsFiveAmNow } from '../support/stack-env';

/** Every service with a database and events: each must stay in service while Kafka is down. */
const SERVICES = ['posts', 'streaks', 'social', 'notifications', 'media'];

/**
 * The transactional outbox across real processes: with Kafka down, a member can still post, and
 * every service stays ready (an orchestrator keeps routing to it); the post.created event waits in
 * the posts service's outbox and reaches the streaks service once Kafka is back. The test takes down
 * a broker of its own (never the shared one on 9092), so it runs its own services on that broker,
 * with their own database.
 */
describe('outbox: no event is lost while Kafka is down, and its backlog shows', () => {
  let services: OwnServices | undefined;

  beforeAll(async () => {
    const brokers = startOutageBroker();
    services = await startOwnServices({ profile: 'outage', services: SERVICES, brokers });
  });

  afterAll(async () => {
    await services?.stop();
    removeOutageBroker();
  });

  it('creates the post while Kafka is stopped and delivers its event after Kafka restarts', async () => {
    const { urls, identityPrivateKey } = services!;
    const as = (service: 'posts' | 'streaks', userId: string | null) => ({
      [IDENTITY_HEADER]: signIdentityToken({ userId }, identityPrivateKey, identityAudience(service)),
    });
    const ana = randomUUID();
    const earlyCount = async () => {
      const { body } = await request(urls.streaks)
        .get(`/users/${ana}/stats`)
        .set(as('streaks', null))
        .expect(200);
      return body.fiveAmPostsCount + body.sixAmPostsCount;
    };

    stopOutageBroker();
    // Once a service has noticed the broker is gone, readiness still answers 200 and says so.
    const kafkaCheck = async (service: string) => {
      const readiness = await request(urls[service]).get('/health/ready');
      return readiness.status === 200 ? (readiness.body as { checks: { kafka: string } }).checks.kafka : null;
    };
    await waitFor(async () => (await kafkaCheck('posts'))?.startsWith('down'), {
      timeoutMs: 30_000,
      description: "posts' readiness to see Kafka down",
    });
    for (const service of SERVICES) {
      expect([service, (await kafkaCheck(service))?.startsWith('down')]).toEqual([service, true]);
      await request(urls[service]).get('/health/live').expect(200);
    }

    const created = await request(urls.posts)
      .post('/posts')
      .set(as('posts', ana))
      .send({ content: 'Posted while the broker sleeps', timezone: zoneWhereItIsFiveAmNow() })
      .expect(201);
    expect(created.body.isEarlyMorning).toBe(true);
    expect(await earlyCount()).toBe(0);
    // The backlog the operators' alert watches (docs/operations.md): the row waits, and ages.
    const backlog = async () => {
      const { samples } = await scrape(urls.posts);
      return {
        unsent: valueOf(samples, 'outbox_unsent_events', { service: 'posts' }) ?? -1,
        oldest: valueOf(samples, 'outbox_oldest_unsent_age_seconds', { service: 'posts' }) ?? -1,
      };
    };
    const during = await backlog();
    expect(during.unsent).toBeGreaterThanOrEqual(1);
    await waitFor(async () => (await backlog()).oldest > during.oldest, {
      description: 'the oldest unsent row to age while Kafka is down',
    });

    restartOutageBroker();

    await waitFor(async () => (await earlyCount()) === 1, {
      timeoutMs: 90_000,
      intervalMs: 250,
      description: 'post.created to reach the streaks service',
    });
    expect(await backlog()).toEqual({ unsent: 0, oldest: 0 });
  });
});
