import { Logger } from '@nestjs/common';
import { PeriodicJob } from './periodic-job';

/** A round the test finishes by hand (`finish`), counting how many started. */
function heldRounds() {
  const finishers: (() => void)[] = [];
  const round = jest.fn(() => new Promise<void>((resolve) => finishers.push(resolve)));
  const finish = async () => {
    finishers.shift()!();
    await jest.advanceTimersByTimeAsync(0);
  };
  return { round, finish };
}

describe('PeriodicJob', () => {
  let warn: jest.SpyInstance;
  beforeEach(() => {
    jest.useFakeTimers();
    warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    jest.useRealTimers();
    warn.mockRestore();
  });

  it('runs a round every everyMs, the first after firstDelayMs', async () => {
    const round = jest.fn(async () => undefined);
    const job = new PeriodicJob({ name: 'Counting', everyMs: 1000, firstDelayMs: 50 }, round);
    job.start();

    await jest.advanceTimersByTimeAsync(49);
    expect(round).toHaveBeenCalledTimes(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(round).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(2000);
    expect(round).toHaveBeenCalledTimes(3);
    await job.stop();
  });

  it('never overlaps a slow round: the next waits everyMs after it ends', async () => {
    const { round, finish } = heldRounds();
    const job = new PeriodicJob({ name: 'Slow', everyMs: 100 }, round);
    job.start();

    await jest.advanceTimersByTimeAsync(100);
    expect(round).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1000);
    expect(round).toHaveBeenCalledTimes(1);

    await finish();
    await jest.advanceTimersByTimeAsync(99);
    expect(round).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(round).toHaveBeenCalledTimes(2);
    await finish();
    await job.stop();
  });

  it("logs a failed round with the job's name, throws nothing, and runs the next round", async () => {
    const round = jest
      .fn()
      .mockRejectedValueOnce(new Error('connection refused'))
      .mockResolvedValue(undefined);
    const job = new PeriodicJob({ name: 'Orphan purge', everyMs: 100 }, round);
    job.start();

    await jest.advanceTimersByTimeAsync(100);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][0]).toMatch(/^Orphan purge failed.*connection refused$/);

    await jest.advanceTimersByTimeAsync(100);
    expect(round).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledTimes(1);
    await job.stop();
  });

  it('stop() waits for the round in progress, signals it, and runs no more', async () => {
    const { round, finish } = heldRounds();
    const job = new PeriodicJob({ name: 'Held', everyMs: 100 }, round);
    job.start();
    await jest.advanceTimersByTimeAsync(100);

    let stopped = false;
    const stopping = job.stop().then(() => (stopped = true));
    await jest.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    expect((round.mock.calls[0] as unknown as [AbortSignal])[0].aborted).toBe(true);

    await finish();
    await stopping;
    expect(stopped).toBe(true);
    await jest.advanceTimersByTimeAsync(1000);
    expect(round).toHaveBeenCalledTimes(1);
  });

  it('stop() before the first round cancels it', async () => {
    const round = jest.fn(async () => undefined);
    const job = new PeriodicJob({ name: 'Cancelled', everyMs: 100 }, round);
    job.start();
    await job.stop();
    await jest.advanceTimersByTimeAsync(1000);
    expect(round).not.toHaveBeenCalled();
  });

  it('everyMs 0 is off: no timer, for a test that runs rounds itself', async () => {
    const round = jest.fn(async () => undefined);
    const job = new PeriodicJob({ name: 'Off', everyMs: 0, firstDelayMs: 0 }, round);
    job.start();
    expect(jest.getTimerCount()).toBe(0);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(round).not.toHaveBeenCalled();
    await job.stop();
  });

  it('does not keep the process alive', async () => {
    jest.useRealTimers();
    const timers = jest.spyOn(globalThis, 'setTimeout');
    const job = new PeriodicJob({ name: 'Unref', everyMs: 60_000 }, async () => undefined);
    job.start();
    const timer = timers.mock.results[0].value as NodeJS.Timeout;
    expect(timer.hasRef()).toBe(false);
    timers.mockRestore();
    await job.stop();
  });
});
