import type { Transaction, UnitOfWork } from '@daybreak/messaging';
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

/** A cache on `redis`; its drops are all these tests write, through `commitChange`. */
const cacheOn = (redis: Redis) => new FeedCache(redis, {} as DataSource, {} as UnitOfWork);

/** Commits a change of the cache's: what its after-commit effect returns (the answer waits for it). */
function commitChange(cache: FeedCache): Promise<unknown> {
  let effect: () => unknown = () => undefined;
  const tx = { afterCommit: (e: () => unknown) => (effect = e) } as unknown as Transaction;
  void cache.writeIn(tx, async () => undefined);
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
    const cache = cacheOn(redis);

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
    const cache = cacheOn(redis);

    const first = commitChange(cache);
    drops[0].finish();
    await first;
    const second = commitChange(cache);

    expect(drops).toHaveLength(2);
    drops[1].finish();
    expect(await settled(second)).toBe(true);
  });
});

/** Redis without the page: a read finds none, a fill stores it, a drop bumps the generation. */
function emptyRedis() {
  const multi = () => {
    const queued: string[] = [];
    const chain = {
      hget: () => (queued.push('hget'), chain),
      get: () => (queued.push('get'), chain),
      incr: () => (queued.push('incr'), chain),
      del: () => chain,
      publish: () => chain,
      exec: async () =>
        queued[0] === 'hget'
          ? [
              [null, null],
              [null, '5'],
            ]
          : [[null, 6]],
    };
    return chain;
  };
  return {
    status: 'ready',
    options: { db: 0 },
    multi,
    get: async () => '5',
    eval: async () => 1,
    publish: async () => 1,
  } as unknown as Redis;
}

/** A page load the test finishes when it chooses; counts how many began. */
function heldLoads() {
  const pending: (() => void)[] = [];
  const load = () => new Promise<string>((resolve) => pending.push(() => resolve('[]')));
  return { load, pending };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('FeedCache reads', () => {
  const firstPage = { limit: 10, offset: 0 };

  it('builds a page once for the requests that miss it together', async () => {
    const cache = cacheOn(emptyRedis());
    const { load, pending } = heldLoads();

    const answers = [1, 2, 3].map(() => cache.page(firstPage, null, load));
    await nextTurn();
    expect(pending).toHaveLength(1);
    pending[0]();

    expect((await Promise.all(answers)).map(({ json }) => String(json))).toEqual(['[]', '[]', '[]']);
  });

  it('builds it again for a request that came after a drop, while the earlier read is under way', async () => {
    const cache = cacheOn(emptyRedis());
    const { load, pending } = heldLoads();

    const before = cache.page(firstPage, null, load);
    await nextTurn();
    await commitChange(cache);
    const after = cache.page(firstPage, null, load);
    await nextTurn();

    expect(pending).toHaveLength(2);
    pending.forEach((finish) => finish());
    await Promise.all([before, after]);
  });
});
