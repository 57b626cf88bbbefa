import { DynamicModule } from '@nestjs/common';
import {
  EventEnvelope,
  EventPayload,
  EventType,
  createEvent,
  messageKeyOf,
  topicOf,
} from '@daybreak/contracts';
import { RunningService, createKafka, startServiceApp } from '@daybreak/kafka';
import { Partitioners, Producer, RetryOptions } from 'kafkajs';
import { dropSchema } from './database';
import { TEST_SERVICE_TOKEN_SECRET } from './test-secret';

/** Environment a service's config loader sees in tests (port 0: any free port). */
export function testServiceEnv(): NodeJS.ProcessEnv {
  return { ...process.env, PORT: '0' };
}

/**
 * Boots a service in-process against the real test infrastructure, from an empty schema, and waits
 * for its consumer (if any) to join its group so events produced next are seen.
 */
export async function startTestService(
  name: string,
  module: DynamicModule,
  options: { consumes?: boolean; consumerRetry?: RetryOptions } = {},
): Promise<RunningService> {
  await dropSchema(name);
  const brokers = (process.env.KAFKA_BROKERS ?? '').split(',');
  const service = await startServiceApp(module, {
    name,
    host: '127.0.0.1',
    port: 0,
    serviceTokenSecret: TEST_SERVICE_TOKEN_SECRET,
    logLevel: process.env.LOG_LEVEL,
    // A group of its own per test service, kept across runs, so a run does not replay old history.
    consumer: options.consumes
      ? { brokers, groupId: `${name}-int-test`, retry: options.consumerRetry }
      : undefined,
  });
  await service.events?.waitUntilJoined();
  return service;
}

let producer: Producer | null = null;

/** Publishes an event straight to Kafka, as another service's outbox relay would. */
export async function publishTestEvent<T extends EventType>(
  type: T,
  payload: EventPayload<T>,
  overrides: Partial<EventEnvelope> = {},
): Promise<EventEnvelope<EventPayload<T>>> {
  if (!producer) {
    producer = createKafka('integration-tests', (process.env.KAFKA_BROKERS ?? '').split(',')).producer({
      createPartitioner: Partitioners.DefaultPartitioner,
    });
    await producer.connect();
  }
  const event = {
    ...createEvent(type, payload, { producer: 'tests', actorId: null, correlationId: 'test' }),
    ...overrides,
  };
  await producer.send({
    topic: topicOf(type),
    messages: [{ key: messageKeyOf(type, payload), value: JSON.stringify(event) }],
  });
  return event as EventEnvelope<EventPayload<T>>;
}

export async function disconnectTestProducer(): Promise<void> {
  await producer?.disconnect();
  producer = null;
}
