import type { DataSource } from 'typeorm';
import { OutboxSignal } from './outbox-signal';
import { Transaction, UnitOfWork } from './unit-of-work';

/**
 * A unit of work on a data source whose transactions only run their work (no event is published
 * here, so no statement is sent), and record whether they committed.
 */
function fakeUnitOfWork() {
  const log: string[] = [];
  const dataSource = {
    transaction: async (work: (manager: unknown) => Promise<unknown>) => {
      const value = await work({});
      log.push('commit');
      return value;
    },
  } as unknown as DataSource;
  return { unitOfWork: new UnitOfWork(dataSource, 'test', new OutboxSignal()), log };
}

const LIKES = Symbol('likes');
const PUSHES = Symbol('pushes');

describe('UnitOfWork: gather', () => {
  it("flushes each key's items once, before commit", async () => {
    const { unitOfWork, log } = fakeUnitOfWork();
    const flush = (items: string[]) => Promise.resolve(log.push(`likes ${items.join(',')}`));

    await unitOfWork.run(async (tx) => {
      tx.gather(LIKES, flush).push('a');
      tx.gather(LIKES, flush).push('b', 'c');
      log.push('work done');
    });

    expect(log).toEqual(['work done', 'likes a,b,c', 'commit']);
  });

  it('flushes after commit what is gathered for then, and never if the transaction rolls back', async () => {
    const { unitOfWork, log } = fakeUnitOfWork();
    const flush = (items: number[]) => Promise.resolve(log.push(`pushes ${items.join(',')}`));

    await unitOfWork.run(async (tx) => {
      tx.gather(PUSHES, flush, 'afterCommit').push(1);
      tx.gather(PUSHES, flush, 'afterCommit').push(2);
    });
    await expect(
      unitOfWork.run(async (tx) => {
        tx.gather(PUSHES, flush, 'afterCommit').push(3);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');

    expect(log).toEqual(['commit', 'pushes 1,2']);
  });

  it('keeps transactions and keys apart', async () => {
    const { unitOfWork, log } = fakeUnitOfWork();
    const flushAs = (name: string) => (items: string[]) => Promise.resolve(log.push(`${name} ${items}`));

    await Promise.all([
      unitOfWork.run(async (tx) => {
        tx.gather(LIKES, flushAs('likes')).push('first');
        tx.gather(PUSHES, flushAs('pushes'), 'afterCommit').push('first');
      }),
      unitOfWork.run(async (tx) => void tx.gather(LIKES, flushAs('likes')).push('second')),
    ]);

    expect(log.filter((line) => line !== 'commit').sort()).toEqual([
      'likes first',
      'likes second',
      'pushes first',
    ]);
  });

  it('opens a new batch for items gathered while flushing, and flushes it too', async () => {
    const { unitOfWork, log } = fakeUnitOfWork();
    let gathered!: Transaction;
    const flushLikes = async (items: string[]) => {
      log.push(`likes ${items}`);
      // A flush that causes more of the same (a notification that counts its recipient, say).
      if (items.includes('a')) gathered.gather(LIKES, flushLikes).push('from the flush');
    };

    await unitOfWork.run(async (tx) => {
      gathered = tx;
      tx.gather(LIKES, flushLikes).push('a');
    });

    expect(log).toEqual(['likes a', 'likes from the flush', 'commit']);
  });

  it('refuses an item added to a batch already flushed, which would never be written', async () => {
    const { unitOfWork } = fakeUnitOfWork();
    let flushed!: string[];

    await unitOfWork.run(async (tx) => {
      flushed = tx.gather(LIKES, async () => undefined);
    });

    expect(() => flushed.push('late')).toThrow(TypeError);
  });

  it('refuses one key in two phases', async () => {
    const { unitOfWork } = fakeUnitOfWork();

    await expect(
      unitOfWork.run(async (tx) => {
        tx.gather(LIKES, async () => undefined);
        tx.gather(LIKES, async () => undefined, 'afterCommit');
      }),
    ).rejects.toThrow('Symbol(likes) is gathered beforeCommit, not afterCommit');
  });
});
