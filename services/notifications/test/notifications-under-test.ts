import type { AppNotification, EventType } from '@daybreak/contracts';
import {
  asViewer,
  fakeEvent,
  publishTestEvent,
  queryTestDatabase,
  serviceUnderTest,
  waitForConsumed,
} from '@daybreak/testing';
import Redis from 'ioredis';
import request from 'supertest';
import { startNotifications } from './notifications-app';

type TestEvent = ReturnType<typeof fakeEvent>;

/**
 * For a describe block: the notifications service with its consumers and a recording push dispatcher
 * (startNotifications, serviceUnderTest). `env` adds settings. `api` calls it; `listOf` and `countOf`
 * read a member's list and unread count; `redis()` is a client of the test Redis, closed after the tests.
 */
export function notificationsUnderTest(options: { env?: NodeJS.ProcessEnv } = {}) {
  const service = serviceUnderTest(() => startNotifications({ consumes: true, env: options.env }));
  const api = () => request(service().url);
  let redis: Redis | undefined;
  afterAll(() => redis?.quit());
  return {
    service,
    api,
    redis: () => (redis ??= new Redis(process.env.REDIS_URL ?? '')),
    listOf: async (userId: string): Promise<AppNotification[]> =>
      (await api().get('/notifications').set(asViewer('notifications', userId)).expect(200)).body,
    countOf: async (userId: string): Promise<number> =>
      (await api().get('/notifications/unread-count').set(asViewer('notifications', userId)).expect(200)).body
        .count,
  };
}

/**
 * `handlers` names how many of the service's handlers apply an event type (1 when unnamed, 0 for
 * one nothing consumes). `applied` resolves once every handler has applied each of the events;
 * `deliver` publishes them in order first.
 */
export function eventsAppliedBy(handlers: Partial<Record<EventType, number>>) {
  const applied = async (...events: TestEvent[]) => {
    for (const event of events)
      await waitForConsumed('notifications', event.eventId, {
        handlers: handlers[event.type as EventType] ?? 1,
      });
  };
  return {
    applied,
    deliver: async (...events: TestEvent[]) => {
      for (const event of events) await publishTestEvent(event);
      await applied(...events);
    },
  };
}

/** A member's unread notifications as Postgres counts them (what the Redis counter must match). */
export async function unreadInPostgres(userId: string): Promise<number> {
  return (
    await queryTestDatabase<{ count: number }>(
      `SELECT count(*)::int AS count FROM notifications.notifications WHERE user_id = $1 AND NOT is_read`,
      [userId],
    )
  )[0].count;
}
