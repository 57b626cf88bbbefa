/**
 * At most `size` tasks in flight at once; the others wait for a slot in the order they asked. A
 * worker's pushes all pass through one window, so however many transactions hand over pushes at
 * once (a post's fan-out, a minute of reminders), the process holds at most `size` requests, and
 * their sockets and buffers, on the push services.
 */
export class SendWindow {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly size: number) {
    if (!Number.isInteger(size) || size < 1) throw new Error(`A send window needs a size ≥ 1, not ${size}`);
  }

  /** Tasks started and not yet settled. */
  get inFlight(): number {
    return this.running;
  }

  /**
   * Waits for a slot, starts `task` and resolves once it has started, with its outcome wrapped (so
   * the caller may go on without awaiting it: that is the backpressure a full window gives). The
   * slot is freed when the task settles, whether it resolves or rejects.
   */
  async start<T>(task: () => Promise<T>): Promise<{ settled: Promise<T> }> {
    if (this.running < this.size) this.running++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    const settled = (async () => {
      try {
        return await task();
      } finally {
        this.release();
      }
    })();
    return { settled };
  }

  /** Runs `task` in a slot: resolves or rejects as it does. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    return (await this.start(task)).settled;
  }

  /** The slot goes straight to the longest waiting task, if any (so `running` stays counted). */
  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }
}
