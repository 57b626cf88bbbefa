import { setTimeout as sleep } from 'node:timers/promises';

/**
 * How long the outbox relay and the consumers leave between two rounds of work under load. A round
 * has a fixed cost (a transaction's round trips, a Kafka request, an offset commit) whatever it
 * carries; without a gap, a loop under load starts its next round as soon as one event is there,
 * and pays that cost for each one or two events. With it, a round carries what arrived meanwhile.
 * Only a loop behind its work waits (events came while it was busy with the last round): an event
 * that finds it idle, or keeping up with events one at a time, goes at once; under load an event
 * waits this long at most per hop (a like's notification crosses two: the relay and a consumer).
 */
export const ROUND_INTERVAL_MS = 40;

/**
 * Spaces the rounds of a self-clocked loop (one that starts its next round when the last ends):
 * the loop asks `untilNext()` when work piled up during a round, and the next round then begins no
 * sooner than `intervalMs` after this one began. Rounds that begin within the same interval are one
 * round (a consumer's partitions of one fetch, handled side by side).
 */
export class Pacer {
  private roundStartedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly intervalMs = ROUND_INTERVAL_MS,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Marks the start of a round, unless one began less than the interval ago (this joins it). */
  begin(): void {
    const now = this.now();
    if (now - this.roundStartedAt >= this.intervalMs) this.roundStartedAt = now;
  }

  /** How long until the next round may begin (0 once the interval since this one's start is over). */
  delayUntilNext(): number {
    return Math.max(0, this.roundStartedAt + this.intervalMs - this.now());
  }

  /** Resolves when the next round may begin. */
  async untilNext(): Promise<void> {
    const delay = this.delayUntilNext();
    if (delay > 0) await sleep(delay);
  }
}
