import { randomUUID } from 'node:crypto';
import {
  asViewer,
  fakeEvent,
  publishTestEvent,
  removeOutageBroker,
  restartOutageBroker,
  startOutageBroker,
  stopOutageBroker,
  waitFor,
} from '@daybreak/testing';
import request from 'supertest';
import { streaksUnderTest } from './streaks-under-test';

describe('streaks: the consumer survives a Kafka outage (real Kafka, stopped and restarted)', () => {
  // A broker of this test's own, which it stops and restarts; never the shared one on 9092. Jest
  // gives each test file its own process.env, so the service's config, its consumer and the test
  // producer below all use this broker, and other test files are unaffected. Hooks run in the order
  // they are declared: the broker starts before the service, and is removed after it stopped.
  beforeAll(() => {
    process.env.KAFKA_BROKERS = startOutageBroker();
  });
  const { service } = streaksUnderTest({
    // Few, short retries: the outage below crashes the consumer within seconds.
    consumerRetry: { retries: 1, initialRetryTime: 100, maxRetryTime: 300 },
  });
  afterAll(() => removeOutageBroker());

  it('processes events published after the broker comes back, even after the consumer crashed', async () => {
    stopOutageBroker();
    await waitFor(() => service().events!.crashes > 0, {
      timeoutMs: 60_000,
      description: 'the consumer to crash',
    });
    restartOutageBroker();

    const dana = randomUUID();
    await publishTestEvent(fakeEvent('post.created', { authorId: dana }));

    await waitFor(
      async () => {
        const { body } = await request(service().url)
          .get(`/users/${dana}/stats`)
          .set(asViewer('streaks', null));
        return body.fiveAmPostsCount === 1;
      },
      { timeoutMs: 90_000, intervalMs: 250, description: 'the event to be processed after recovery' },
    );
  });
});
