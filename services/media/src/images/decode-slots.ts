/**
 * A counting semaphore: at most `size` tasks run at once, the others wait in arrival order. The media
 * service runs each image's decode and encodes in one slot, so a burst of uploads queues up instead of
 * holding a decoded bitmap (up to ~160 MB for 40 MP) each and exhausting memory.
 */
export class DecodeSlots {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(readonly size: number) {
    if (!Number.isInteger(size) || size < 1)
      throw new Error(`DecodeSlots needs a size of 1 or more, not ${size}`);
  }

  /** Tasks running now: never more than `size`. */
  get active(): number {
    return this.running;
  }

  /** Tasks waiting for a slot. */
  get queued(): number {
    return this.waiting.length;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await task();
    } finally {
      this.release();
    }
  }

  private acquire(): Promise<void> {
    if (this.running < this.size) {
      this.running += 1;
      return Promise.resolve();
    }
    // The slot passes straight from the releasing task to this one: `running` stays as it is.
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running -= 1;
  }
}
