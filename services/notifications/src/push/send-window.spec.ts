import { SendWindow } from './send-window';

/** A task the test settles by hand. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((ok, fail) => ((resolve = ok), (reject = fail)));
  return { promise, resolve, reject };
}

/** Lets every promise callback that is ready run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('SendWindow', () => {
  it('never has more than its size in flight, and runs every task', async () => {
    const window = new SendWindow(3);
    let running = 0;
    let most = 0;
    const tasks = Array.from({ length: 20 }, () => deferred());
    const results = tasks.map((task, i) =>
      window.run(async () => {
        most = Math.max(most, ++running);
        await task.promise;
        running--;
        return i;
      }),
    );
    // Settle them in an arbitrary order, a few at a time, checking the bound at each step.
    for (const i of [5, 0, 19, 2, 1, 3, 4, 18, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]) {
      await settle();
      expect(window.inFlight).toBeLessThanOrEqual(3);
      tasks[i].resolve();
    }

    expect(await Promise.all(results)).toEqual(tasks.map((_, i) => i));
    expect(most).toBe(3);
    expect(window.inFlight).toBe(0);
  });

  it('starts waiting tasks in the order they asked', async () => {
    const window = new SendWindow(1);
    const started: number[] = [];
    const first = deferred();
    const all = [0, 1, 2, 3].map((i) =>
      window.run(async () => {
        started.push(i);
        if (i === 0) await first.promise;
      }),
    );
    await settle();
    expect(started).toEqual([0]);
    first.resolve();
    await Promise.all(all);
    expect(started).toEqual([0, 1, 2, 3]);
  });

  it('isolates a failing task: it rejects alone and frees its slot', async () => {
    const window = new SendWindow(2);
    const outcomes = await Promise.allSettled(
      [1, 2, 3, 4, 5].map((i) =>
        window.run(async () => {
          if (i % 2 === 0) throw new Error(`task ${i} failed`);
          return i;
        }),
      ),
    );

    expect(outcomes).toEqual([
      { status: 'fulfilled', value: 1 },
      { status: 'rejected', reason: new Error('task 2 failed') },
      { status: 'fulfilled', value: 3 },
      { status: 'rejected', reason: new Error('task 4 failed') },
      { status: 'fulfilled', value: 5 },
    ]);
    expect(window.inFlight).toBe(0);
  });

  it('start resolves once the task has a slot, before it settles: a full window holds the caller', async () => {
    const window = new SendWindow(1);
    const busy = deferred();
    const { settled: first } = await window.start(() => busy.promise);
    let secondStarted = false;
    const second = window
      .start(async () => 'second')
      .then((started) => {
        secondStarted = true;
        return started;
      });
    await settle();
    expect(secondStarted).toBe(false);

    busy.resolve();
    await first;
    expect(await (await second).settled).toBe('second');
  });

  it('refuses a size below 1', () => {
    expect(() => new SendWindow(0)).toThrow('size ≥ 1');
  });
});
