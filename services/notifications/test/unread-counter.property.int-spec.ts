import { randomUUID } from 'node:crypto';
import { UnitOfWork } from '@daybreak/messaging';
import { serviceUnderTest } from '@daybreak/testing';
import fc from 'fast-check';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { NotificationWriter } from '../src/notifications/notification-writer';
import { NotificationsService } from '../src/notifications/notifications.service';
import { unreadKey } from '../src/notifications/unread-counter';
import { startNotifications } from './notifications-app';

type Step =
  | { kind: 'create' }
  | { kind: 'read'; pick: number }
  | { kind: 'readAll' }
  | { kind: 'flush' }
  | { kind: 'count' };

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 5, arbitrary: fc.constant({ kind: 'create' as const }) },
  { weight: 4, arbitrary: fc.nat().map((pick) => ({ kind: 'read' as const, pick })) },
  { weight: 1, arbitrary: fc.constant({ kind: 'readAll' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'flush' as const }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'count' as const }) },
);

/**
 * One run of 1,000 steps, and a failure reported as found: shrinking runs the 1,000 steps again
 * and again, longer than the test's timeout, which then hid the failure behind "Exceeded timeout".
 */
const ONE_RUN = { numRuns: 1, endOnFailure: true };

/** Operations run at once in the concurrent property, before the counts are compared. */
const WAVE = 20;

describe('unread counter (property, real Redis and Postgres)', () => {
  const service = serviceUnderTest(() => startNotifications({ consumes: false }));
  let redis: Redis;
  let notifications: NotificationsService;
  let writer: NotificationWriter;
  let unitOfWork: UnitOfWork;
  let database: DataSource;

  beforeAll(() => {
    redis = new Redis(process.env.REDIS_URL ?? '');
    const { app } = service();
    notifications = app.get(NotificationsService);
    writer = app.get(NotificationWriter);
    unitOfWork = app.get(UnitOfWork);
    // The service's own pool: a thousand steps can't afford a connection per query.
    database = app.get(DataSource);
  });
  afterAll(() => redis?.quit());

  const unreadInPostgres = async (member: string) =>
    (
      await database.query<{ count: number }[]>(
        `SELECT count(*)::int AS count FROM notifications.notifications WHERE user_id = $1 AND NOT is_read`,
        [member],
      )
    )[0].count;
  const idsOf = async (member: string) =>
    (
      await database.query<{ id: string }[]>(
        `SELECT id FROM notifications.notifications WHERE user_id = $1 ORDER BY id`,
        [member],
      )
    ).map((row) => row.id);

  /** Applies one step to the member; `count` returns what the API answered, for the caller to check. */
  async function apply(member: string, next: Step): Promise<number | undefined> {
    switch (next.kind) {
      case 'create':
        await unitOfWork.run(async (tx) =>
          writer.followed(tx, { followerId: randomUUID(), followeeId: member }, new Date().toISOString()),
        );
        return undefined;
      case 'read': {
        const all = await idsOf(member);
        // Reading an already-read one is part of the mix: it must not count down twice.
        if (all.length > 0) await notifications.markRead(member, all[next.pick % all.length]);
        return undefined;
      }
      case 'readAll':
        await notifications.markAllRead(member);
        return undefined;
      case 'flush':
        await redis.del(unreadKey(member));
        return undefined;
      case 'count':
        return (await notifications.unreadCount(member)).count;
    }
  }

  /** Redis holds the exact count, or nothing (and the next read rebuilds it); the API answers it. */
  async function expectExact(member: string): Promise<void> {
    const stored = await redis.get(unreadKey(member));
    if (stored !== null) expect(Number(stored)).toBe(await unreadInPostgres(member));
    expect((await notifications.unreadCount(member)).count).toBe(await unreadInPostgres(member));
  }

  it('1,000 random creates, reads, read-alls and flushes: the count equals Postgres after every step', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1000, maxLength: 1000 }), async (steps) => {
        const member = randomUUID();
        for (const next of steps) {
          const answered = await apply(member, next);
          if (answered !== undefined) expect(answered).toBe(await unreadInPostgres(member));
          const stored = await redis.get(unreadKey(member));
          if (stored !== null) expect(Number(stored)).toBe(await unreadInPostgres(member));
        }
        await expectExact(member);
      }),
      ONE_RUN,
    );
  }, 180_000);

  it('the same 1,000 operations 20 at a time: once they settle, the count equals Postgres', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1000, maxLength: 1000 }), async (steps) => {
        const member = randomUUID();
        for (let i = 0; i < steps.length; i += WAVE) {
          await Promise.all(steps.slice(i, i + WAVE).map((next) => apply(member, next)));
          await expectExact(member);
        }
      }),
      ONE_RUN,
    );
  }, 180_000);

  it("a new member's first notifications racing their read-alls: the count equals Postgres", async () => {
    // Their counter doesn't exist yet: a read-all's lock must hold it all the same.
    const steps: Step[] = [{ kind: 'create' }, { kind: 'readAll' }, { kind: 'create' }, { kind: 'readAll' }];
    for (let member = 0; member < 100; member++) {
      const newcomer = randomUUID();
      await Promise.all(steps.map((next) => apply(newcomer, next)));
      await expectExact(newcomer);
    }
  });
});
