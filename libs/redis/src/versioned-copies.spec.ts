import { EventEmitter } from 'node:events';
import type Redis from 'ioredis';
import { VersionedCopies } from './versioned-copies';

/** The subscriber connection the copies make with `duplicate()`: messages and closes on demand. */
class FakeSubscriber extends EventEmitter {
  subscribe = jest.fn(() => Promise.resolve(1));
  quit = jest.fn(() => Promise.resolve('OK'));
  hear(version: number) {
    this.emit('message', 'test:version', String(version));
  }
}

const TTL_MS = 1_000;

/** Copies over a Redis that is there and holds `current` as the version, with their subscriber. */
function created(current: number | null, options: { maxEntries?: number } = {}) {
  const subscriber = new FakeSubscriber();
  const redis = {
    status: 'ready',
    options: { db: 2 },
    duplicate: () => subscriber,
    get: jest.fn(() => Promise.resolve(current === null ? null : String(current))),
  };
  const copies = new VersionedCopies<string>(redis as unknown as Redis, {
    channel: 'test:version',
    versionKey: 'test:version-count',
    ttlMs: TTL_MS,
    ...options,
  });
  return { copies, subscriber, redis };
}

async function started(current: number | null, options: { maxEntries?: number } = {}) {
  const made = created(current, options);
  await made.copies.start();
  return made;
}

describe('VersionedCopies', () => {
  afterEach(() => jest.useRealTimers());

  it('keeps a copy of the current version once subscribed, and never before', async () => {
    const { copies, subscriber, redis } = created(7);
    expect(copies.keep('a', 'before', 7)).toBe(false);
    expect(copies.get('a')).toBeUndefined();

    await copies.start();
    // Named for the database: Redis delivers a message to the channel's subscribers in every one.
    expect(subscriber.subscribe).toHaveBeenCalledWith('test:version@db2');
    expect(redis.get).toHaveBeenCalledWith('test:version-count');
    expect(copies.keep('a', 'after', 7)).toBe(true);
    expect(copies.get('a')).toBe('after');
  });

  it('does not keep an answer built from a version older than the current one', async () => {
    const { copies } = await started(7);
    expect(copies.keep('a', 'from a process that has not heard of change 7', 6)).toBe(false);
    expect(copies.get('a')).toBeUndefined();
  });

  it('takes no count in Redis for version 0', async () => {
    const { copies } = await started(null);
    expect(copies.keep('a', 'before any change', 0)).toBe(true);
    expect(copies.get('a')).toBe('before any change');
  });

  it('drops every copy when a newer version is heard of, and keeps none of the older one after', async () => {
    const { copies, subscriber } = await started(7);
    copies.keep('a', '1', 7);
    copies.keep('b', '2', 7);
    subscriber.hear(8);
    expect([copies.get('a'), copies.get('b')]).toEqual([undefined, undefined]);
    // An answer of version 7 still on its way when 8 was heard (another process of the owner).
    expect(copies.keep('a', 'late', 7)).toBe(false);
    expect(copies.keep('a', 'new', 8)).toBe(true);
    expect(copies.get('a')).toBe('new');
  });

  it('keeps an answer newer than the last version heard of (its message is still on its way)', async () => {
    const { copies, subscriber } = await started(7);
    expect(copies.keep('a', 'built after change 8', 8)).toBe(true);
    expect(copies.get('a')).toBe('built after change 8');
    subscriber.hear(9);
    expect(copies.get('a')).toBeUndefined();
  });

  it('ignores a message that is not a newer version', async () => {
    const { copies, subscriber } = await started(7);
    copies.keep('a', '1', 7);
    subscriber.hear(7);
    subscriber.hear(3);
    subscriber.emit('message', 'test:version', 'not a number');
    expect(copies.get('a')).toBe('1');
  });

  it('neither keeps nor reads while disconnected, and reads the version again on reconnection', async () => {
    const { copies, subscriber, redis } = await started(7);
    copies.keep('a', '1', 7);
    subscriber.emit('close');
    expect(copies.get('a')).toBeUndefined();
    expect(copies.keep('a', '2', 7)).toBe(false);

    // Two changes went unheard while it was away.
    redis.get.mockResolvedValueOnce('9');
    subscriber.emit('ready');
    await new Promise(setImmediate);
    expect(copies.keep('a', 'of a version from before the outage', 7)).toBe(false);
    expect(copies.keep('a', 'current', 9)).toBe(true);
    expect(copies.get('a')).toBe('current');
  });

  it('counts from the version in Redis after a reconnection, even one lower than before', async () => {
    const { copies, subscriber, redis } = await started(7);
    subscriber.emit('close');
    // A Redis that lost its data starts counting again.
    redis.get.mockResolvedValueOnce(null);
    subscriber.emit('ready');
    await new Promise(setImmediate);
    expect(copies.keep('a', 'current', 0)).toBe(true);
    expect(copies.get('a')).toBe('current');
  });

  it('keeps a copy no longer than its time to live', async () => {
    const { copies } = await started(7);
    jest.useFakeTimers({ now: Date.now() });
    copies.keep('a', '1', 7);
    jest.advanceTimersByTime(TTL_MS - 1);
    expect(copies.get('a')).toBe('1');
    jest.advanceTimersByTime(1);
    expect(copies.get('a')).toBeUndefined();
  });

  it('lets the oldest copy go when full', async () => {
    const { copies } = await started(7, { maxEntries: 2 });
    copies.keep('a', '1', 7);
    copies.keep('b', '2', 7);
    copies.keep('b', '2 again', 7);
    expect(copies.get('a')).toBe('1');
    copies.keep('c', '3', 7);
    expect([copies.get('a'), copies.get('b'), copies.get('c')]).toEqual([undefined, '2 again', '3']);
  });

  it('stops listening when stopped', async () => {
    const { copies, subscriber } = await started(7);
    copies.keep('a', '1', 7);
    await copies.stop();
    expect(subscriber.quit).toHaveBeenCalled();
    expect(copies.get('a')).toBeUndefined();
  });
});
