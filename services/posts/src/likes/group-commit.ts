/** What a batch answers for one of its items: its result, or the error that item alone met. */
export type ItemOutcome<O> = { value: O } | { error: Error };

export interface GroupCommitOptions<I> {
  /** The most items one batch takes. */
  maxBatch: number;
  /**
   * Items with the same key never share a batch: the later one waits for the next, so that it
   * sees what the earlier one did (one member's two toggles of one post, say).
   */
  keyOf: (item: I) => string;
}

interface Waiting<I, O> {
  item: I;
  resolve: (value: O) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit: items submitted while a batch is being written wait, and the next batch writes them
 * all at once. Under load one transaction serves many requests (a like's cost is its round trips
 * and transactions, not its work: ADR 0012); alone, an item is written at once.
 *
 * `write` gets the batch and answers an outcome per item, in order. When it throws, every item of
 * the batch fails with its error, as each would have alone.
 */
export class GroupCommit<I, O> {
  private waiting: Waiting<I, O>[] = [];
  private writing = false;

  constructor(
    private readonly write: (items: I[]) => Promise<ItemOutcome<O>[]>,
    private readonly options: GroupCommitOptions<I>,
  ) {}

  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (!this.writing) void this.writeWhileWaiting();
    });
  }

  private async writeWhileWaiting(): Promise<void> {
    this.writing = true;
    try {
      while (this.waiting.length > 0) await this.writeBatch(this.takeBatch());
    } finally {
      this.writing = false;
    }
  }

  private async writeBatch(batch: Waiting<I, O>[]): Promise<void> {
    let outcomes: ItemOutcome<O>[];
    try {
      outcomes = await this.write(batch.map(({ item }) => item));
    } catch (error) {
      for (const { reject } of batch) reject(error);
      return;
    }
    batch.forEach(({ resolve, reject }, index) => {
      const outcome = outcomes[index];
      if (!outcome) reject(new Error('The batch answered no outcome for this item'));
      else if ('error' in outcome) reject(outcome.error);
      else resolve(outcome.value);
    });
  }

  /** The oldest waiting items, up to maxBatch, one per key; the rest keep their order. */
  private takeBatch(): Waiting<I, O>[] {
    const batch: Waiting<I, O>[] = [];
    const keys = new Set<string>();
    const left: Waiting<I, O>[] = [];
    for (const waiting of this.waiting) {
      const key = this.options.keyOf(waiting.item);
      if (batch.length < this.options.maxBatch && !keys.has(key)) {
        keys.add(key);
        batch.push(waiting);
      } else left.push(waiting);
    }
    this.waiting = left;
    return batch;
  }
}
