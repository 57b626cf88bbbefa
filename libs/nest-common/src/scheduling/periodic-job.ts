import { Logger } from '@nestjs/common';

export interface PeriodicJobOptions {
  /** Names the job in its logs ("Orphan purge failed: …"). */
  name: string;
  /** The rest between the end of one round and the start of the next; 0: off (a test runs rounds itself). */
  everyMs: number;
  /** Before the first round; everyMs unless said (0: as soon as the process has started). */
  firstDelayMs?: number;
}

/** One round of the job; `stopping` is aborted by stop(), for a long round to end between batches. */
export type PeriodicRound = (stopping: AbortSignal) => Promise<unknown>;

/**
 * A job a process runs every so often in the background (a purge, a scheduler's poll, a resync): one
 * round at a time, a failed round logged and never thrown (the next round is the retry), on a timer
 * that does not keep the process alive. stop() cancels the next round and waits for the one running,
 * so a shutdown never closes a pool under a round.
 *
 * The next round is scheduled when a round ends, not on a fixed beat: rounds can't overlap by
 * construction (no "is one running?" flag to keep), and a round slowed by a struggling database is
 * followed by a full rest instead of a tick that fires the moment it ends. The cost is drift: rounds
 * start every `everyMs` plus the round's own time, which no job here needs to be exact about (each
 * takes what is due, however late).
 */
export class PeriodicJob {
  private readonly logger = new Logger(PeriodicJob.name);
  private readonly stopping = new AbortController();
  private timer: NodeJS.Timeout | null = null;
  private round: Promise<void> | null = null;

  constructor(
    private readonly options: PeriodicJobOptions,
    private readonly run: PeriodicRound,
  ) {}

  /** Aborted once stop() was called: a round that loops over batches checks it between them. */
  get signal(): AbortSignal {
    return this.stopping.signal;
  }

  /** Schedules the first round; does nothing when the job is off, already started or stopped. */
  start(): void {
    if (this.options.everyMs === 0 || this.timer || this.round || this.stopping.signal.aborted) return;
    this.schedule(this.options.firstDelayMs ?? this.options.everyMs);
  }

  /** Cancels the next round and waits for the one in progress, if any. */
  async stop(): Promise<void> {
    this.stopping.abort();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.round;
  }

  private schedule(delayMs: number): void {
    this.timer = setTimeout(() => {
      this.timer = null;
      this.round = this.runRound().finally(() => {
        this.round = null;
        if (!this.stopping.signal.aborted) this.schedule(this.options.everyMs);
      });
    }, delayMs);
    this.timer.unref();
  }

  private async runRound(): Promise<void> {
    try {
      await this.run(this.stopping.signal);
    } catch (error) {
      this.logger.warn(
        `${this.options.name} failed, next round in ${this.options.everyMs} ms: ${messageOf(error)}`,
      );
    }
  }
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
