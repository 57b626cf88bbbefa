import { EventEmitter } from 'node:events';
import type Redis from 'ioredis';
import { LocalCopies } from './local-copies';

/** The subscriber connection `LocalCopies` makes with `duplicate()`: messages and closes on demand. */
class FakeSubscriber extends EventEmitter {
  subscribe = jest.fn(() => Promise.resolve(1));
  quit = jest.fn(() => Promise.resolve('OK'));
  hear(key: string) {
    this.emit('message', 'test:dropped', key);
  }
}

const TTL_MS = 1_000;

/** Started copies over a Redis that is there, with the subscriber they listen on. */
async function started(options: { maxEntries?: number } = {}) {
  const subscriber = new FakeSubscriber();
  const redis = { status: 'ready', duplicate: () => subscriber } as unknown as Redis;
  const copies = new LocalCopies<string>(redis, { channel: 'test:dropped', ttlMs: TTL_MS, ...options });
  await copies.start();
  return { copies, subscriber };
}

/** Keeps `value` under `key` as a read that saw no drop would. */
const keep = (copies: LocalCopies<string>, key: string, value: string) =>
  copies.keep(key, value, copies.generation());

describe('LocalCopies', () => {
  afterEach(() => jest.useRealTimers());

  it('keeps a copy once subscribed, and never before', async () => {
    const subscriber = new FakeSubscriber();
    const redis = { status: 'ready', duplicate: () => subscriber } as unknown as Redis;
    const copies = new LocalCopies<string>(redis, { channel: 'test:dropped', ttlMs: TTL_MS });
    keep(copies, 'a', 'before');
    expect(copies.get('a')).toBeUndefined();

    await copies.start();
    expect(subscriber.subscribe).toHaveBeenCalledWith('test:dropped');
    keep(copies, 'a', 'after');
    expect(copies.get('a')).toBe('after');
  });

  it('does not keep what was read before a drop', async () => {
    const { copies, subscriber } = await started();
    const generation = copies.generation();
    subscriber.hear('b'); // a drop of another key, heard while the read was on its way
    expect(copies.keep('a', 'stale', generation)).toBe(false);
    expect(copies.get('a')).toBeUndefined();
    expect(keep(copies, 'a', 'fresh')).toBe(true);
  });

  it("drops one key's copy on its message, and every copy on an empty one", async () => {
    const { copies, subscriber } = await started();
    keep(copies, 'a', '1');
    keep(copies, 'b', '2');
    subscriber.hear('a');
    expect([copies.get('a'), copies.get('b')]).toEqual([undefined, '2']);
    keep(copies, 'a', '1');
    subscriber.hear('');
    expect([copies.get('a'), copies.get('b')]).toEqual([undefined, undefined]);
  });

  it('forgets every copy when the subscription closes, and keeps none until it is back', async () => {
    const { copies, subscriber } = await started();
    keep(copies, 'a', '1');
    subscriber.emit('close');
    expect(copies.get('a')).toBeUndefined();
    keep(copies, 'a', '1');
    expect(copies.get('a')).toBeUndefined();

    subscriber.emit('ready');
    await new Promise(setImmediate); // the subscription resolves
    keep(copies, 'a', '1');
    expect(copies.get('a')).toBe('1');
  });

  it('serves a copy for ttlMs at most', async () => {
    jest.useFakeTimers({ now: Date.now() });
    const { copies } = await started();
    keep(copies, 'a', '1');
    jest.advanceTimersByTime(TTL_MS - 1);
    expect(copies.get('a')).toBe('1');
    jest.advanceTimersByTime(1);
    expect(copies.get('a')).toBeUndefined();
  });

  it('keeps at most maxEntries copies, letting the oldest go', async () => {
    const { copies } = await started({ maxEntries: 2 });
    keep(copies, 'a', '1');
    keep(copies, 'b', '2');
    keep(copies, 'c', '3');
    expect([copies.get('a'), copies.get('b'), copies.get('c')]).toEqual([undefined, '2', '3']);
  });

  it("publishes a key's drop, or an empty message for every copy, on the channel", async () => {
    const { copies } = await started();
    const commands = { publish: jest.fn().mockReturnThis() };
    copies.publishDrop(commands as never, 'a');
    copies.publishDrop(commands as never);
    expect(commands.publish.mock.calls).toEqual([
      ['test:dropped', 'a'],
      ['test:dropped', ''],
    ]);
  });

  it('quits its subscriber on stop and serves no copy afterwards', async () => {
    const { copies, subscriber } = await started();
    keep(copies, 'a', '1');
    await copies.stop();
    expect(subscriber.quit).toHaveBeenCalled();
    expect(copies.get('a')).toBeUndefined();
  });
});
