import type { Transaction } from '@daybreak/messaging';
import type Redis from 'ioredis';
import type { DataSource } from 'typeorm';
import { FeedCache } from './feed-cache';

/** Redis whose drops (MULTI … EXEC) wait until the test lets each one finish. */
function fakeRedis() {
  const drops: { finish: () => void }[] = [];
  const published: string[] = [];
  const multi = {
    incr: () => multi,
    del: () => multi,
    publish: () => multi,
    exec: () =>
      new Promise((resolve) => {
        const generation = drops.length + 1;
        drops.push({ finish: () => resolve([[null, generation]]) });
      }),
  };
  const redis = {
    status: 'ready',
    options: { db: 0 },
    multi: () => multi,
    publish: async (_channel: string, version: string) => published.push(version),
  } as unknown as Redis;
  return { redis, drops, published };
}

/** Commits a change of the cache's: what its after-commit effect returns (the answer waits for it). */
function commitChange(cache: FeedCache): Promise<unknown> {
  let effect: () => unknown = () => undefined;
  cache.invalidateAfter({ afterCommit: (e) => (effect = e) } as Pick<Transaction, 'afterCommit'>);
  return Promise.resolve(effect());
}

const settled = async (promise: Promise<unknown>) => {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setImmediate(resolve));
  return done;
};

describe('FeedCache drops', () => {
  it('shares one drop among the changes committed while another is under way, and starts it after', async () => {
    const { redis, drops, published } = fakeRedis();
    const cache = new FeedCache(redis, {} as DataSource);

    const first = commitChange(cache);
    const second = commitChange(cache);
    const third = commitChange(cache);
    expect(drops).toHaveLength(1);

    drops[0].finish();
    expect(await settled(first)).toBe(true);
    // The later changes may have committed after the first drop's bump: they wait for one of their own.
    expect(await settled(second)).toBe(false);
    expect(drops).toHaveLength(2);

    drops[1].finish();
    expect(await settled(second)).toBe(true);
    expect(await settled(third)).toBe(true);
    expect(drops).toHaveLength(2);
    expect(published).toEqual(['1', '2']);
  });

  it('drops at once again when no drop is under way', async () => {
    const { redis, drops } = fakeRedis();
    const cache = new FeedCache(redis, {} as DataSource);

    const first = commitChange(cache);
    drops[0].finish();
    await first;
    const second = commitChange(cache);

    expect(drops).toHaveLength(2);
    drops[1].finish();
    expect(await settled(second)).toBe(true);
  });
});
