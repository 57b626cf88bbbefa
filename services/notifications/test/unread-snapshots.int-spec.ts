import { randomUUID } from 'node:crypto';
import { waitFor } from '@daybreak/testing';
import Redis from 'ioredis';
import { UNREAD_COUNT_CHANNEL, decodeUnreadCountChange } from '@daybreak/contracts';
import { storeUnreadSnapshots, unreadKey } from '../src/notifications/unread-counter';

/** Which snapshots of a member's count Redis takes, whatever order they arrive in (real Redis). */
describe('unread snapshots in Redis', () => {
  let redis: Redis;
  let subscriber: Redis;
  const announced: string[] = [];

  beforeAll(async () => {
    redis = new Redis(process.env.REDIS_URL ?? '');
    subscriber = new Redis(process.env.REDIS_URL ?? '');
    subscriber.on('message', (_channel, message: string) => announced.push(message));
    await subscriber.subscribe(UNREAD_COUNT_CHANNEL);
  });
  afterAll(async () => {
    await subscriber?.quit();
    await redis?.quit();
  });

  const store = (userId: string, unread: number, version: number) =>
    storeUnreadSnapshots(redis, [{ userId, unread, version: String(version) }]);
  const stored = async (userId: string) => {
    const count = await redis.get(unreadKey(userId));
    return count === null ? null : Number(count);
  };

  it('takes a newer version and refuses an older one that arrives after it', async () => {
    const member = randomUUID();
    await store(member, 3, 5);
    await store(member, 2, 4);
    expect(await stored(member)).toBe(3);
    await store(member, 4, 6);
    expect(await stored(member)).toBe(4);
  });

  it('refuses an older version after the count was flushed: it was read before the newer one was stored', async () => {
    const member = randomUUID();
    await store(member, 3, 5);
    await redis.del(unreadKey(member));
    await store(member, 2, 4);
    expect(await stored(member)).toBeNull();
  });

  it('takes the same version again once the count was flushed (a rebuild), but not while it holds it', async () => {
    const member = randomUUID();
    await store(member, 3, 5);
    await redis.set(unreadKey(member), '99');
    await store(member, 3, 5);
    expect(await stored(member)).toBe(99);
    await redis.del(unreadKey(member));
    await store(member, 3, 5);
    expect(await stored(member)).toBe(3);
  });

  it('announces each count it takes, and nothing it refuses', async () => {
    const member = randomUUID();
    await store(member, 1, 1);
    await store(member, 0, 0);
    await store(member, 2, 2);
    const [first, last] = [1, 2].map((count) => JSON.stringify({ userId: member, count }));
    // One connection's messages arrive in the order they were published: a refused one would be
    // announced before the last.
    await waitFor(() => announced.includes(last), { description: 'the last count announced' });
    expect(announced.filter((message) => message.includes(member))).toEqual([first, last]);
  });

  it("announces what the gateway reads: each message is the contract's, decoded as stored", async () => {
    const member = randomUUID();
    await store(member, 0, 1);
    await store(member, 12, 2);
    await waitFor(() => announced.filter((message) => message.includes(member)).length === 2, {
      description: 'both counts announced',
    });
    expect(announced.filter((message) => message.includes(member)).map(decodeUnreadCountChange)).toEqual([
      { userId: member, count: 0 },
      { userId: member, count: 12 },
    ]);
  });
});
