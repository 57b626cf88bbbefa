import { GroupCommit, ItemOutcome } from './group-commit';

/** A write whose batches finish when the test says so; it records every batch it was given. */
function controlledWrite() {
  const batches: string[][] = [];
  const finishes: ((outcomes: ItemOutcome<string>[] | Error) => void)[] = [];
  const write = (items: string[]) =>
    new Promise<ItemOutcome<string>[]>((resolve, reject) => {
      batches.push(items);
      finishes.push((outcomes) => (outcomes instanceof Error ? reject(outcomes) : resolve(outcomes)));
    });
  const echo = (index: number) =>
    finishes[index]!(batches[index]!.map((item) => ({ value: `done ${item}` })));
  /** Lets each of the first `count` batches finish as soon as it has started. */
  const echoBatches = async (count: number) => {
    for (let index = 0; index < count; index++) {
      await new Promise(setImmediate);
      echo(index);
    }
  };
  return { write, batches, finishes, echo, echoBatches };
}

const byWhole = (item: string) => item;
const byLetter = (item: string) => item[0]!;

describe('GroupCommit', () => {
  it('writes an item alone at once, and what arrives meanwhile together in the next batch', async () => {
    const { write, batches, echo } = controlledWrite();
    const commits = new GroupCommit(write, { maxBatch: 10, keyOf: byWhole });

    const first = commits.submit('a');
    const later = ['b', 'c', 'd'].map((item) => commits.submit(item));
    expect(batches).toEqual([['a']]);

    echo(0);
    await expect(first).resolves.toBe('done a');
    expect(batches).toEqual([['a'], ['b', 'c', 'd']]);
    echo(1);
    await expect(Promise.all(later)).resolves.toEqual(['done b', 'done c', 'done d']);
  });

  it('takes at most maxBatch items a batch, oldest first', async () => {
    const { write, batches, echoBatches } = controlledWrite();
    const commits = new GroupCommit(write, { maxBatch: 2, keyOf: byWhole });
    const all = ['a', 'b', 'c', 'd', 'e'].map((item) => commits.submit(item));
    await echoBatches(3);
    await expect(Promise.all(all)).resolves.toHaveLength(5);
    expect(batches).toEqual([['a'], ['b', 'c'], ['d', 'e']]);
  });

  it('keeps two items with one key apart, in order, while others go ahead', async () => {
    const { write, batches, echoBatches } = controlledWrite();
    const commits = new GroupCommit(write, { maxBatch: 10, keyOf: byLetter });
    const all = ['x0', 'a1', 'a2', 'b1', 'a3'].map((item) => commits.submit(item));
    await echoBatches(4);
    await Promise.all(all);
    expect(batches).toEqual([['x0'], ['a1', 'b1'], ['a2'], ['a3']]);
  });

  it("gives each item its own outcome: one item's error fails that item only", async () => {
    const { write, finishes } = controlledWrite();
    const commits = new GroupCommit(write, { maxBatch: 10, keyOf: byWhole });
    const blocker = commits.submit('first');
    const good = commits.submit('good');
    const bad = commits.submit('bad');
    finishes[0]!([{ value: 'ok' }]);
    await blocker;
    await new Promise(setImmediate);
    finishes[1]!([{ value: 'fine' }, { error: new Error('no such post') }]);
    await expect(good).resolves.toBe('fine');
    await expect(bad).rejects.toThrow('no such post');
  });

  it('fails every item of a batch whose write throws, and goes on with the next batch', async () => {
    const { write, finishes, echo } = controlledWrite();
    const commits = new GroupCommit(write, { maxBatch: 10, keyOf: byWhole });
    const blocker = commits.submit('first');
    const failing = [commits.submit('a'), commits.submit('b')];
    echo(0);
    await blocker;
    await new Promise(setImmediate);
    finishes[1]!(new Error('connection lost'));
    for (const item of failing) await expect(item).rejects.toThrow('connection lost');

    const after = commits.submit('c');
    echo(2);
    await expect(after).resolves.toBe('done c');
  });
});
