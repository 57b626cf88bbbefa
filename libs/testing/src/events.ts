import { randomUUID } from 'node:crypto';
import {
  EventEnvelope,
  EventPayload,
  EventType,
  createEvent,
  messageKeyOf,
  ownerOf,
  topicOf,
} from '@daybreak/contracts';
import { EventOf, createKafka } from '@daybreak/messaging';
import { Partitioners, Producer, RecordMetadata } from 'kafkajs';
import { queryTestDatabase } from './database';
import { waitFor } from './wait-for';

/**
 * The topic prefix of integration tests, so they never feed a developer's running stack. Matches
 * TOPIC_PREFIXES.integration in scripts/infra/config.mjs, whose infraUp creates the topics.
 */
export const INTEGRATION_TOPIC_PREFIX = 'int.';

const at = '2026-03-09T10:02:00.000Z';

/** A valid payload of every event type; a test overrides the fields it is about. */
const defaultPayloads: { [T in EventType]: () => EventPayload<T> } = {
  'user.registered': () => userSnapshot(),
  'user.updated': () => userSnapshot(),
  'user.deleted': () => ({ userId: randomUUID() }),
  'user.followed': () => ({ followerId: randomUUID(), followeeId: randomUUID() }),
  'user.unfollowed': () => ({ followerId: randomUUID(), followeeId: randomUUID() }),
  'user.blocked': () => ({ blockerId: randomUUID(), blockedId: randomUUID(), version: 1 }),
  'user.unblocked': () => ({ blockerId: randomUUID(), blockedId: randomUUID(), version: 2 }),
  'user.muted': () => ({ muterId: randomUUID(), mutedId: randomUUID(), version: 1 }),
  'user.unmuted': () => ({ muterId: randomUUID(), mutedId: randomUUID(), version: 2 }),
  'user.suspended': () => ({ userId: randomUUID(), moderatorId: randomUUID() }),
  'user.unsuspended': () => ({ userId: randomUUID(), moderatorId: randomUUID() }),
  'post.hidden': () => ({
    postId: randomUUID(),
    authorId: randomUUID(),
    moderatorId: randomUUID(),
    hidden: true,
  }),
  'comment.hidden': () => ({
    commentId: randomUUID(),
    authorId: randomUUID(),
    moderatorId: randomUUID(),
    hidden: true,
  }),
  'report.resolved': () => ({
    reportId: randomUUID(),
    reporterId: randomUUID(),
    targetType: 'post',
    targetId: randomUUID(),
    action: 'hide',
  }),
  'invite.created': () => ({ inviteCode: 'k7Qx2mPa9Z', inviterId: randomUUID() }),
  'invite.shared': () => ({ inviteCode: 'k7Qx2mPa9Z', inviterId: randomUUID() }),
  'invite.accepted': () => ({ inviteCode: 'k7Qx2mPa9Z', inviterId: randomUUID(), inviteeId: randomUUID() }),
  'post.created': () => ({
    postId: randomUUID(),
    authorId: randomUUID(),
    createdAt: at,
    timezone: 'Europe/Paris',
    timeClassification: '5am',
    isEarlyMorning: true,
    hasImage: false,
  }),
  'post.deleted': () => ({ postId: randomUUID(), authorId: randomUUID() }),
  'post.liked': () => ({ postId: randomUUID(), postAuthorId: randomUUID(), likerId: randomUUID() }),
  'post.unliked': () => ({ postId: randomUUID(), postAuthorId: randomUUID(), likerId: randomUUID() }),
  'comment.created': () => ({
    commentId: randomUUID(),
    postId: randomUUID(),
    postAuthorId: randomUUID(),
    authorId: randomUUID(),
    excerpt: 'Up with the sun!',
  }),
  'badge.earned': () => ({ userId: randomUUID(), badgeId: 'first-light', postId: null }),
  'streak.at-risk': () => ({
    userId: randomUUID(),
    streakLength: 5,
    streakDay: '2026-03-10',
    endsAt: '2026-03-11T11:30:00.000Z',
  }),
  'leaderboard.week-closed': () => ({
    userId: randomUUID(),
    earlyMornings: 4,
    rank: 2,
    boardSize: 5,
    weekStart: '2026-03-09',
  }),
  'notification.created': () => ({ notificationId: randomUUID(), userId: randomUUID(), type: 'like' }),
  'media.uploaded': () => ({ objectKey: `uploads/${randomUUID()}`, ownerId: randomUUID() }),
  'analytics.event-recorded': () => ({
    batchId: randomUUID(),
    memberId: randomUUID(),
    type: 'event',
    name: 'feed_viewed',
    properties: { feed: 'for_you' },
    path: '/',
    timestamp: at,
    receivedAt: at,
  }),
};

function userSnapshot(): EventPayload<'user.registered'> {
  return {
    userId: randomUUID(),
    email: null,
    firstName: 'Ana',
    lastName: 'Early',
    profileName: null,
    profileImageUrl: null,
    timezone: 'Europe/Paris',
  };
}

/**
 * An event envelope as the owner of its type would publish it: a valid default payload with the
 * fields a test cares about overridden. It is validated by the contract's schema, so a fake cannot
 * drift from the catalogue.
 */
export function fakeEvent<T extends EventType>(
  type: T,
  payload: Partial<EventPayload<T>> = {},
  envelope: Partial<Omit<EventEnvelope, 'type' | 'version' | 'payload'>> = {},
): EventOf<T> {
  const event = createEvent(
    type,
    { ...defaultPayloads[type](), ...payload },
    { producer: ownerOf(type), actorId: null, correlationId: 'test' },
  );
  return { ...event, ...envelope };
}

let producer: Producer | null = null;

async function testProducer(): Promise<Producer> {
  if (!producer) {
    producer = createKafka('integration-tests', (process.env.KAFKA_BROKERS ?? '').split(',')).producer({
      createPartitioner: Partitioners.DefaultPartitioner,
    });
    await producer.connect();
  }
  return producer;
}

/**
 * Publishes an event straight to the integration tests' topic, as another service's relay would:
 * keyed by its aggregate, or on an explicit `partition` (e.g. to deliver a duplicate elsewhere).
 */
export async function publishTestEvent<T extends EventType>(
  event: EventOf<T>,
  options: { partition?: number } = {},
): Promise<EventOf<T>> {
  await publishTestEvents([event], options);
  return event;
}

/**
 * Publishes events of one type in one request, as a relay's batch: on one partition they land in
 * one record batch, which a consumer fetches whole. Answers where each landed.
 */
export async function publishTestEvents<T extends EventType>(
  events: readonly EventOf<T>[],
  options: { partition?: number } = {},
): Promise<RecordMetadata[]> {
  const producer = await testProducer();
  const type = events[0].type as T;
  return producer.send({
    topic: INTEGRATION_TOPIC_PREFIX + topicOf(type),
    messages: events.map((event) => ({
      key: messageKeyOf(type, event.payload),
      value: JSON.stringify(event),
      partition: options.partition,
    })),
  });
}

/**
 * Publishes a message that may not be an event at all (not JSON, or breaking its contract) to the
 * integration tests' topic of `type`, keyed by `key`.
 */
export async function publishRawTestMessage(type: EventType, key: string, value: string): Promise<void> {
  const producer = await testProducer();
  await producer.send({ topic: INTEGRATION_TOPIC_PREFIX + topicOf(type), messages: [{ key, value }] });
}

/** A message of a dead-letter topic, with its headers as text. */
export interface TestDeadLetter {
  key: string | null;
  value: string;
  headers: Record<string, string>;
}

/**
 * Waits until the integration tests' dead-letter topic of `type` holds a message that `matches`,
 * and answers it. Reads the topic from its start with a consumer group of its own.
 */
export async function waitForDeadLetter(
  type: EventType,
  matches: (letter: TestDeadLetter) => boolean,
): Promise<TestDeadLetter> {
  const consumer = createKafka('integration-tests', (process.env.KAFKA_BROKERS ?? '').split(',')).consumer({
    groupId: `int-dead-letter-reader-${randomUUID()}`,
  });
  let found: TestDeadLetter | undefined;
  try {
    await consumer.connect();
    await consumer.subscribe({
      topic: `${INTEGRATION_TOPIC_PREFIX}${topicOf(type)}.dlq`,
      fromBeginning: true,
    });
    await consumer.run({
      eachMessage: async ({ message }) => {
        const letter = {
          key: message.key?.toString() ?? null,
          value: message.value?.toString() ?? '',
          headers: Object.fromEntries(
            Object.entries(message.headers ?? {}).map(([name, value]) => [name, String(value)]),
          ),
        };
        if (matches(letter)) found ??= letter;
      },
    });
    return await waitFor(() => found, { description: `a dead letter of ${type}` });
  } finally {
    await consumer.disconnect();
  }
}

export async function disconnectTestProducer(): Promise<void> {
  await producer?.disconnect();
  producer = null;
}

export interface OutboxRow<T extends EventType> {
  eventId: string;
  topic: string;
  messageKey: string;
  envelope: EventOf<T>;
  publishedAt: Date | null;
}

/** The events of one type in a service's outbox, oldest first. */
export async function outboxRows<T extends EventType>(schema: string, type: T): Promise<OutboxRow<T>[]> {
  return queryTestDatabase<OutboxRow<T>>(
    `SELECT event_id AS "eventId", topic, message_key AS "messageKey", envelope, published_at AS "publishedAt"
     FROM "${schema}".outbox WHERE topic = $1 ORDER BY id`,
    [topicOf(type)],
  );
}

/**
 * Resolves once the service has applied the event (its inbox row committed). An event several of
 * its handlers consume (a read model and a notifier, say) gets a row from each: pass how many to
 * wait for all of them.
 */
export async function waitForConsumed(
  schema: string,
  eventId: string,
  { handlers = 1 }: { handlers?: number } = {},
): Promise<void> {
  await waitFor(
    async () =>
      (
        await queryTestDatabase<{ count: number }>(
          `SELECT count(*)::int AS count FROM "${schema}".processed_events WHERE event_id = $1`,
          [eventId],
        )
      )[0].count >= handlers,
    { description: `event ${eventId} applied by ${handlers} handler(s) of ${schema}` },
  );
}
