import type { Transaction } from '@daybreak/messaging';
import { SafetyService } from './safety.service';
import type { UnreadCounter } from './unread-counter';

const [ana, ben] = ['00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-00000000000b'];

/** A service whose counter and statements write what happened, in order, to one log. */
function recordingService(deleted: { userId: string; unread: number }[]) {
  const log: string[] = [];
  const manager = {
    query: async (sql: string) => {
      log.push(sql.trim().split(/\s+/).slice(0, 3).join(' '));
      return sql.includes('DELETE FROM notifications') ? deleted : [];
    },
  };
  const unread = {
    lock: jest.fn(async (_manager: unknown, userIds: string[]) => void log.push(`lock ${userIds.join(',')}`)),
    removed: jest.fn(
      async (_tx: Transaction, gone: Map<string, number>) => void log.push(`removed ${[...gone]}`),
    ),
  };
  const tx = { manager } as unknown as Transaction;
  return { service: new SafetyService(unread as unknown as UnreadCounter), tx, log };
}

describe('SafetyService', () => {
  it('a block locks both counters, then records the block, then deletes what the two caused each other and takes it off their counts', async () => {
    const { service, tx, log } = recordingService([{ userId: ana, unread: 2 }]);

    await service.blocked(tx, { blockerId: ana, blockedId: ben, version: 1 });

    expect(log).toEqual([`lock ${ana},${ben}`, 'INSERT INTO blocks', 'WITH gone AS', `removed ${ana},2`]);
  });

  it('a mute records the pair and deletes nothing', async () => {
    const { service, tx, log } = recordingService([]);

    await service.muted(tx, { muterId: ana, mutedId: ben, version: 1 });

    expect(log).toEqual(['INSERT INTO mutes']);
  });
});
