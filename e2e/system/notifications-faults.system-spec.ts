import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { IDENTITY_HEADER, identityAudience, signIdentityToken } from '@daybreak/nest-common';
import {
  removeOutageBroker,
  repoRoot,
  restartOutageBroker,
  startOutageBroker,
  stopOutageBroker,
  waitFor,
} from '@daybreak/testing';
import Redis from 'ioredis';
import { Client } from 'pg';
import request from 'supertest';
import { likesAndNotifications } from '../support/like-notifications';
import { asDatabaseOwner } from '../support/stack-env';
import { OwnProcess, OwnServices, startOwnProcess, startOwnServices } from '../support/own-services';

/** Likes per test: real ones, N members liking one author's posts through the posts service. */
const LIKES = 1000;
/** The author's posts the likes spread over (a like locks its post, so one post would serialize them). */
const POSTS = 20;
/** Like requests in flight at once. */
const CONCURRENCY = 16;
/** The outage the spec asks for, while the likes are made. */
const OUTAGE_MS = 30_000;
/** A port of the outage profile's range that no service of it takes, for the worker's health server. */
/** The outage profile's ports (24001…) plus 50, below the kernel's ephemeral range. */
const WORKER_PORT = '24050';

/** Next to the logs of the outage profile's other processes (scripts/stack/processes.mjs). */
const logFile = (name: string) => path.join(repoRoot(), '.infra/logs/outage', `${name}.log`);

/**
 * The notifications service across real processes, under faults: Kafka down, a worker killed, Redis
 * flushed. Like the outbox test, it runs processes of its own on the disposable outage broker and
 * database: the posts service (serve.mjs), and notifications as an API process and a worker process
 * (NOTIFICATIONS_ROLE), so the worker can be killed on its own.
 */
describe('notifications: nothing lost or doubled under faults', () => {
  let services: OwnServices | undefined;
  let api: OwnProcess | undefined;
  let worker: OwnProcess | undefined;
  let db: Client | undefined;
  let redis: Redis | undefined;

  const notificationsSpec = () => services!.processes.notifications!;
  const apiUrl = () => `http://127.0.0.1:${notificationsSpec().env.PORT}`;
  const startWorker = async () => {
    worker = await startOwnProcess(
      notificationsSpec(),
      { NOTIFICATIONS_ROLE: 'worker', PORT: WORKER_PORT },
      `http://127.0.0.1:${WORKER_PORT}/health/live`,
      logFile('notifications-worker'),
    );
  };

  beforeAll(async () => {
    const brokers = startOutageBroker();
    services = await startOwnServices({ profile: 'outage', services: ['posts'], brokers });
    const { env } = notificationsSpec();
    // The API first: it runs the migrations, which the worker then finds done.
    api = await startOwnProcess(
      notificationsSpec(),
      { NOTIFICATIONS_ROLE: 'api' },
      `${apiUrl()}/health/ready`,
      logFile('notifications-api'),
    );
    await startWorker();
    db = new Client({ connectionString: asDatabaseOwner(env.DATABASE_URL) });
    await db.connect();
    // The outage profile's own Redis db (profiles.mjs), the only one this test flushes.
    redis = new Redis(env.REDIS_URL!);
  }, 240_000);

  afterAll(async () => {
    await worker?.kill('SIGTERM');
    await api?.kill('SIGTERM');
    await services?.stop();
    removeOutageBroker();
    await db?.end();
    redis?.disconnect();
  });

  const as = (service: 'posts' | 'notifications', userId: string) => ({
    [IDENTITY_HEADER]: signIdentityToken({ userId }, services!.identityPrivateKey, identityAudience(service)),
  });

  /** Runs `task` for 0…count-1 with at most CONCURRENCY at once. */
  async function inParallel(count: number, task: (i: number) => Promise<void>): Promise<void> {
    let next = 0;
    const lane = async () => {
      for (let i = next++; i < count; i = next++) await task(i);
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, lane));
  }

  /** A new author with POSTS posts, each liked by its own members: `likes` likes in all. */
  async function likeAnAuthor(likes: number): Promise<string> {
    const author = randomUUID();
    const postIds: string[] = [];
    for (let i = 0; i < POSTS; i++) {
      const { body } = await request(services!.urls.posts!)
        .post('/posts')
        .set(as('posts', author))
        .send({ content: `Sunrise ${i}`, timezone: 'UTC' })
        .expect(201);
      postIds.push(body.id);
    }
    await inParallel(likes, async (i) => {
      const { body } = await request(services!.urls.posts!)
        .post(`/posts/${postIds[i % POSTS]}/like`)
        .set(as('posts', randomUUID()))
        .expect(200);
      expect(body.isLiked).toBe(true);
    });
    return author;
  }

  const notificationCount = async (author: string): Promise<number> => {
    const { rows } = await db!.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM notifications.notifications WHERE user_id = $1`,
      [author],
    );
    return rows[0]!.count;
  };

  const waitForNotifications = (author: string, expected: number, timeoutMs: number) =>
    waitFor(async () => (await notificationCount(author)) >= expected, {
      timeoutMs,
      intervalMs: 100,
      description: `${expected} notifications for the author`,
    });

  /** Every like of the author's posts has exactly one notification, and no notification lacks its like. */
  async function expectOneNotificationPerLike(author: string, likes: number): Promise<void> {
    expect(await likesAndNotifications(db!, author)).toEqual({ likes, matched: likes, notifications: likes });
  }

  /**
   * The author's unread count from the API equals Postgres's (and every like is unread). The Redis
   * write follows each commit, so the last one may land a moment after the notification shows.
   */
  async function expectExactUnreadCount(author: string, expected: number): Promise<void> {
    const counts = async () => {
      const { rows } = await db!.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM notifications.notifications WHERE user_id = $1 AND NOT is_read`,
        [author],
      );
      const { body } = await request(apiUrl())
        .get('/notifications/unread-count')
        .set(as('notifications', author))
        .expect(200);
      return { api: body.count as number, postgres: rows[0]!.count };
    };
    await waitFor(
      async () => {
        const { api, postgres } = await counts();
        return api === expected && postgres === expected;
      },
      {
        timeoutMs: 10_000,
        intervalMs: 50,
        description: `an unread count of ${expected} in the API and Postgres`,
      },
    ).catch(() => undefined);
    expect(await counts()).toEqual({ api: expected, postgres: expected });
  }

  it('notifies every like made while Kafka is stopped for 30 s, once, after it restarts', async () => {
    stopOutageBroker();
    const stoppedAt = Date.now();
    const author = await likeAnAuthor(LIKES);
    expect(await notificationCount(author)).toBe(0);
    const remaining = OUTAGE_MS - (Date.now() - stoppedAt);
    if (remaining > 0) await new Promise((resolve) => setTimeout(resolve, remaining));

    restartOutageBroker();
    const restartedAt = Date.now();
    await waitForNotifications(author, LIKES, 120_000);
    console.log(
      `notifications caught up ${((Date.now() - restartedAt) / 1000).toFixed(1)} s after Kafka restarted ` +
        `(${LIKES} likes made in ${((restartedAt - stoppedAt) / 1000).toFixed(1)} s of outage)`,
    );

    await expectOneNotificationPerLike(author, LIKES);
    await expectExactUnreadCount(author, LIKES);
  }, 300_000);

  it('loses and doubles nothing when the worker is SIGKILLed 3 times mid-run', async () => {
    // The events wait in Kafka while no worker runs, so the kills land while they are processed.
    // Twice the other tests' likes: a worker applies a fetch's events in one transaction, so the
    // count moves 200-350 at a time here, and with 1,000 the third kill could find the run done.
    const likes = 2 * LIKES;
    await worker!.kill('SIGTERM');
    const author = await likeAnAuthor(likes);
    await startWorker();

    // Spread over the run (after about 200, 400 and 600 more are done), so each interrupts steady work.
    const countsAtKill: number[] = [];
    for (let kill = 0; kill < 3; kill++) {
      const target = (countsAtKill.at(-1) ?? 0) + LIKES / 5;
      const progressed = await waitFor(
        async () => {
          const count = await notificationCount(author);
          return count >= target && count;
        },
        { timeoutMs: 120_000, intervalMs: 20, description: 'the worker to make progress' },
      );
      await worker!.kill('SIGKILL');
      countsAtKill.push(progressed);
      await startWorker();
    }
    console.log(`worker SIGKILLed at ${countsAtKill.join(', ')} of ${likes} notifications`);
    expect(countsAtKill.at(-1)).toBeLessThan(likes);

    await waitForNotifications(author, likes, 180_000);
    await expectOneNotificationPerLike(author, likes);
    // A kill between a commit and its Redis write loses that write; the restarted worker copies the
    // recently changed counters from Postgres, so the count is still exact.
    await expectExactUnreadCount(author, likes);
  }, 420_000);

  it('rebuilds the unread count from Postgres after Redis is flushed mid-run', async () => {
    await worker!.kill('SIGTERM');
    const author = await likeAnAuthor(LIKES);
    await startWorker();
    await waitForNotifications(author, LIKES / 4, 120_000);
    await redis!.flushdb();

    await waitForNotifications(author, LIKES, 120_000);
    await expectExactUnreadCount(author, LIKES);

    // Flushed again with nothing in flight: the read itself rebuilds the missing counter.
    await redis!.flushdb();
    expect(await redis!.exists(`unread:${author}`)).toBe(0);
    await expectExactUnreadCount(author, LIKES);
    expect(await redis!.get(`unread:${author}`)).toBe(String(LIKES));
  }, 300_000);
});
