import { randomUUID } from 'node:crypto';
import { topicOf } from '@daybreak/contracts';
import { createKafka } from '@daybreak/messaging';
import {
  INTEGRATION_TOPIC_PREFIX,
  fakeEvent,
  publishTestEvent,
  testProducerUnderTest,
  waitFor,
} from '@daybreak/testing';
import { Consumer } from 'kafkajs';
import { RequestQueue } from '../src/kafkajs-idle-timer';

/**
 * A service's Kafka client at rest on real Kafka: a consumer that waits for messages must not keep
 * its process busy (kafkajs checked its request queues every millisecond, src/kafkajs-idle-timer.ts),
 * and still gets the next message.
 */
describe('an idle Kafka consumer made by createKafka', () => {
  const topic = INTEGRATION_TOPIC_PREFIX + topicOf('post.liked');
  let consumer: Consumer;
  const received: string[] = [];

  beforeAll(async () => {
    consumer = createKafka('idle-spec', (process.env.KAFKA_BROKERS ?? '').split(',')).consumer({
      groupId: `idle-spec-${randomUUID()}`,
    });
    const joined = new Promise((resolve) => consumer.on(consumer.events.GROUP_JOIN, resolve));
    await consumer.connect();
    await consumer.subscribe({ topics: [topic], fromBeginning: false });
    await consumer.run({
      eachMessage: async ({ message }) => {
        received.push(message.value?.toString() ?? '');
      },
    });
    await joined;
  });

  afterAll(() => consumer.disconnect());
  testProducerUnderTest();

  it('checks its request queues only when a request waits, not every millisecond', async () => {
    // spyOn calls through to kafkajs' own check, and counts the calls.
    const checks = jest.spyOn(RequestQueue.prototype, 'checkPendingRequests');
    let count: number;
    try {
      // A rate needs a window: one second of rest, in which the consumer's fetch waits on the broker.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      count = checks.mock.calls.length;
    } finally {
      checks.mockRestore();
    }
    // Answers from the broker (heartbeats, a fetch returning empty) check once each; the bug made
    // about a thousand checks a second on each connection.
    expect(count).toBeLessThan(50);
  });

  it('still receives the next message', async () => {
    const event = await publishTestEvent(fakeEvent('post.liked', {}));
    await waitFor(() => received.some((value) => value.includes(event.eventId)), {
      description: 'the message published after the rest',
    });
  });
});
