import { randomUUID } from 'node:crypto';
import { RunningService, UnitOfWork } from '@daybreak/messaging';
import fc from 'fast-check';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
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

describe('unread counter (property, real Redis and Postgres)', () => {
  let service: RunningService;
  let redis: Redis;

  beforeAll(async () => {
    service = await startNotifications({ consumes: false });
    redis = new Redis(process.env.REDIS_URL ?? '');
  });
  afterAll(async () => {
    await redis?.quit();
    await service?.app.close();
  });

  it('1,000 random creates, reads, read-alls and flushes: the count equals Postgres after every step', async () => {
    const notifications = service.app.get(NotificationsService);
    const unitOfWork = service.app.get(UnitOfWork);
    // The service's own pool: a thousand steps can't afford a connection per query.
    const database = service.app.get(DataSource);

    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1000, maxLength: 1000 }), async (steps) => {
        const member = randomUUID();
        const unreadInPostgres = async () =>
          (
            await database.query<{ count: number }[]>(
              `SELECT count(*)::int AS count FROM notifications.notifications WHERE user_id = $1 AND NOT is_read`,
              [member],
            )
          )[0].count;
        const ids = async () =>
          (
            await database.query<{ id: string }[]>(
              `SELECT id FROM notifications.notifications WHERE user_id = $1 ORDER BY id`,
              [member],
            )
          ).map((row) => row.id);

        for (const next of steps) {
          switch (next.kind) {
            case 'create':
              await unitOfWork.run((tx) =>
                notifications.followed(tx, { followerId: randomUUID(), followeeId: member }),
              );
              break;
            case 'read': {
              const all = await ids();
              // Reading an already-read one is part of the mix: it must not count down twice.
              if (all.length > 0) await notifications.markRead(member, all[next.pick % all.length]);
              break;
            }
            case 'readAll':
              await notifications.markAllRead(member);
              break;
            case 'flush':
              await redis.del(unreadKey(member));
              break;
            case 'count':
              expect((await notifications.unreadCount(member)).count).toBe(await unreadInPostgres());
              break;
          }
          // Redis holds the exact count, or nothing (and the next read rebuilds it).
          const stored = await redis.get(unreadKey(member));
          if (stored !== null) expect(Number(stored)).toBe(await unreadInPostgres());
        }
        expect((await notifications.unreadCount(member)).count).toBe(await unreadInPostgres());
      }),
      { numRuns: 1 },
    );
  }, 180_000);
});
