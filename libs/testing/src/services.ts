import type { EventType } from '@daybreak/contracts';
import { DynamicModule } from '@nestjs/common';
import { EventOf, RunningService, startServiceApp } from '@daybreak/messaging';
import { RetryOptions } from 'kafkajs';
import { dropSchema } from './database';
import {
  INTEGRATION_TOPIC_PREFIX,
  disconnectTestProducer,
  publishTestEvent,
  waitForConsumed,
} from './events';
import { testIdentityKeys } from './test-identity-keys';
import { waitFor } from './wait-for';

/** Environment a service's config loader sees in tests (port 0: any free port). */
export function testServiceEnv(): NodeJS.ProcessEnv {
  return { ...process.env, PORT: '0', KAFKA_TOPIC_PREFIX: INTEGRATION_TOPIC_PREFIX };
}

/**
 * Boots a service in-process against the real test infrastructure, from an empty schema, and waits
 * for its consumer (if any) to join its group so events produced next are seen.
 */
export async function startTestService(
  name: string,
  module: DynamicModule,
  options: {
    consumes?: boolean;
    /**
     * Also wait until the consumer has applied what earlier test files published to its topics
     * (its group is kept across files), so none of it lands in the middle of this file's tests.
     */
    caughtUp?: boolean;
    consumerRetry?: RetryOptions;
    /** A second instance of a running service: keep its schema and data (the first one drops it). */
    keepSchema?: boolean;
  } = {},
): Promise<RunningService> {
  if (!options.keepSchema) await dropSchema(name);
  const brokers = (process.env.KAFKA_BROKERS ?? '').split(',');
  const service = await startServiceApp(module, {
    name,
    host: '127.0.0.1',
    port: 0,
    identityPublicKey: testIdentityKeys().publicKey,
    logLevel: process.env.LOG_LEVEL,
    // A group of its own per test service, kept across runs, so a run does not replay old history.
    consumer: options.consumes
      ? { brokers, groupId: `${name}-int-test`, retry: options.consumerRetry }
      : undefined,
  });
  await service.events?.waitUntilJoined();
  if (options.caughtUp && service.events) {
    const events = service.events;
    await waitFor(async () => (await events.lagByPartition()).every(({ lag }) => lag === 0), {
      description: `${name}'s consumer caught up with its topics`,
    });
  }
  return service;
}

/** What a test support file hands back when stopping takes more than closing the app (e.g. a folder). */
export interface StoppableService {
  stop(): Promise<void>;
}

/**
 * For a describe block: a service started before its tests and stopped (with the shared test
 * producer) after them; the answer gives the running service inside a test. The one place a spec's
 * service is started and stopped (scripts/conventions/service-setup.mjs holds specs to it).
 */
export function serviceUnderTest<T extends RunningService | StoppableService>(
  start: () => Promise<T>,
): () => T {
  let running: T | undefined;
  beforeAll(async () => {
    running = await start();
  });
  afterAll(async () => {
    await disconnectTestProducer();
    if (running) await ('stop' in running ? running.stop() : running.app.close());
  });
  return () => {
    if (!running) throw new Error('the service has not started: read it inside a test');
    return running;
  };
}

/** For a describe block that publishes events without a service of its own: the producer stops after it. */
export function testProducerUnderTest(): void {
  afterAll(() => disconnectTestProducer());
}

/** Publishes an event as another service would; resolves once the service of `schema` has applied it. */
export function consumedBy(schema: string): <T extends EventType>(event: EventOf<T>) => Promise<void> {
  return async (event) => {
    await waitForConsumed(schema, (await publishTestEvent(event)).eventId);
  };
}
