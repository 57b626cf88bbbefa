/** When a transaction's gathered items are flushed: inside it before it commits, or once committed. */
export type GatherPhase = 'beforeCommit' | 'afterCommit';

/** What a transaction offers to queue work; `gatherIn` builds `gather` on it. */
interface CommitHooks {
  beforeCommit(work: () => Promise<unknown>): void;
  afterCommit(effect: () => Promise<unknown> | unknown): void;
}

/**
 * Adds to the open batch that `key` gathers in one transaction (see Transaction.gather): the first
 * add of a batch queues its flush in `phase`; the flush takes the batch, and a later add opens the next.
 */
export type Gather = <T>(
  key: object | symbol,
  flush: (items: T[]) => Promise<unknown>,
  phase?: GatherPhase,
) => T[];

/** `gather` for one transaction: each key's batches, flushed through the transaction's hooks. */
export function gatherIn(hooks: CommitHooks): Gather {
  const open = new Map<object | symbol, { items: unknown[]; phase: GatherPhase }>();
  return <T>(
    key: object | symbol,
    flush: (items: T[]) => Promise<unknown>,
    phase: GatherPhase = 'beforeCommit',
  ) => {
    const batch = open.get(key);
    if (batch) {
      // One key, one flush: the same key in two phases would flush half its items in each.
      if (batch.phase !== phase) throw new Error(`${String(key)} is gathered ${batch.phase}, not ${phase}`);
      return batch.items as T[];
    }
    const items: T[] = [];
    open.set(key, { items, phase });
    const run = () => {
      open.delete(key);
      // A flushed batch takes no more: an item added to it now would never be written.
      Object.freeze(items);
      return flush(items);
    };
    if (phase === 'beforeCommit') hooks.beforeCommit(run);
    else hooks.afterCommit(run);
    return items;
  };
}
