import { UNREAD_COUNT_CHANNEL, decodeUnreadCountChange } from '@daybreak/contracts';
import { type Transaction, gatherIn } from '@daybreak/messaging';
import type Redis from 'ioredis';
import type { DataSource } from 'typeorm';
import { UnreadCounter, UnreadSnapshot, storeUnreadSnapshots } from './unread-counter';

/** A transaction whose statements answer the given snapshots in turn, and whose commit runs its effects. */
function fakeTransaction(answers: UnreadSnapshot[][]) {
  const effects: (() => unknown)[] = [];
  // The transaction's own connection, which runs the counter's named statements.
  const connection = { query: async () => ({ rows: answers.shift() ?? [] }) };
  const hooks = {
    beforeCommit: () => {
      throw new Error('The counter writes nothing before commit');
    },
    afterCommit: (effect: () => unknown) => void effects.push(effect),
  };
  const tx = {
    manager: { queryRunner: { isReleased: false, connect: async () => connection } },
    publish: jest.fn(),
    ...hooks,
    gather: gatherIn(hooks),
  } as unknown as Transaction;
  const commit = async () => {
    for (const effect of effects) await effect();
  };
  return { tx, commit };
}

/**
 * Redis whose pipelines record the snapshots stored: [userId, unread, version] per EVAL, the member
 * as the gateway reads them from the announcement (see UnreadCountHub).
 */
function fakeRedis() {
  const rounds: [string, number, string][][] = [];
  const announced: unknown[] = [];
  const redis = {
    pipeline: () => {
      const stored: [string, number, string][] = [];
      const pipeline = {
        // STORE_IF_NEWER's keys (count, version) and arguments (version, count, channel, message).
        eval: (...args: [string, number, string, string, string, number, string, string]) => {
          const [, , , , version, unread, channel, message] = args;
          const change = channel === UNREAD_COUNT_CHANNEL ? decodeUnreadCountChange(message) : null;
          announced.push(change);
          stored.push([change?.userId ?? 'unreadable', unread, version]);
          return pipeline;
        },
        exec: async () => {
          rounds.push(stored);
          return stored.map(() => [null, 1]);
        },
      };
      return pipeline;
    },
  } as unknown as Redis;
  return { redis, rounds, announced };
}

describe('UnreadCounter', () => {
  it("stores a transaction's counts once it commits: each member's newest, in one round trip", async () => {
    const { redis, rounds } = fakeRedis();
    const counter = new UnreadCounter(redis, {} as DataSource);
    const { tx, commit } = fakeTransaction([
      [{ userId: 'ana', unread: 1, version: '1' }],
      [
        { userId: 'ana', unread: 2, version: '2' },
        { userId: 'ben', unread: 5, version: '9' },
      ],
    ]);

    await counter.added(tx, ['ana']);
    await counter.added(tx, ['ana', 'ben']);
    expect(rounds).toEqual([]);
    await commit();

    expect(rounds).toEqual([
      [
        ['ana', 2, '2'],
        ['ben', 5, '9'],
      ],
    ]);
  });

  it('announces each count it stores as the contract says, for the gateway to read', async () => {
    const { redis, announced } = fakeRedis();

    await storeUnreadSnapshots(redis, [
      { userId: 'ana', unread: 0, version: '3' },
      { userId: 'ben', unread: 12, version: '40' },
    ]);

    expect(announced).toEqual([
      { userId: 'ana', count: 0 },
      { userId: 'ben', count: 12 },
    ]);
  });

  it('stores nothing for a transaction that changed no count', async () => {
    const { redis, rounds } = fakeRedis();
    const counter = new UnreadCounter(redis, {} as DataSource);
    const { tx, commit } = fakeTransaction([]);

    await counter.added(tx, []);
    await commit();

    expect(rounds).toEqual([]);
  });
});
