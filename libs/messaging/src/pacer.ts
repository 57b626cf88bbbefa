import { setTimeout as sleep } from 'node:timers/promises';

/**
 * How long the outbox relay and the consumers leave between two rounds of work under load. A round
 * has a fixed cost (a transaction's round trips, a Kafka request, an offset commit) whatever it
 * carries. Without a gap, a loop under load starts its next round as soon as one event is there,
 * and pays that cost for every one or two events; with it, a round carries what came meanwhile.
 */
export const ROUND_INTERVAL_MS = 40;

/**
 * Above this many events a second a loop spaces its rounds: an event then waits ROUND_INTERVAL_MS
 * at most per hop (a like's notification crosses two: the relay and a consumer). Below it, every
 * event goes at once; a member's likes one after another, each waiting for its notification, stay
 * well under it (measured in docs/adr/0015-relay-and-consumers-pace-rounds-under-load.md).
 */
export const PACED_EVENTS_A_SECOND = 100;

/** How fast the measured rate forgets: the time constant of its exponential decay. */
const RATE_MEMORY_MS = 500;

/**
 * Spaces the rounds of a self-clocked loop (one that starts its next round when the last ends)
 * while events come fast: the next round then begins no sooner than `intervalMs` after the last one
 * began. Rounds that begin within the same interval are one round (a consumer's partitions of one
 * fetch, handled side by side).
 */
export class Pacer {
  private roundStartedAt = Number.NEGATIVE_INFINITY;
  /** Events counted, each fading with time (exponentially): about rate × RATE_MEMORY_MS / 1000. */
  private recentEvents = 0;
  private countedAt = 0;

  constructor(
    private readonly options: { intervalMs: number; pacedAbovePerSecond: number } = {
      intervalMs: ROUND_INTERVAL_MS,
      pacedAbovePerSecond: PACED_EVENTS_A_SECOND,
    },
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** A round begins (unless one began less than the interval ago: this one joins it). */
  begin(): void {
    const now = this.now();
    if (now - this.roundStartedAt >= this.options.intervalMs) this.roundStartedAt = now;
  }

  /** Counts the events a round took, for the rate. */
  count(events: number): void {
    const now = this.now();
    this.recentEvents = this.fadedEvents(now) + events;
    this.countedAt = now;
  }

  /** Events a second lately (a steady stream's rate, once it has lasted a few seconds). */
  rate(): number {
    return (this.fadedEvents(this.now()) * 1000) / RATE_MEMORY_MS;
  }

  /** How long the next round waits: 0 unless events come fast and the interval isn't over. */
  delayUntilNext(): number {
    if (this.rate() <= this.options.pacedAbovePerSecond) return 0;
    return Math.max(0, this.roundStartedAt + this.options.intervalMs - this.now());
  }

  /**
   * Resolves when the next round may begin. A timer can fire a few milliseconds before its delay by
   * this clock (Node starts it from the event loop's cached time); a round begun then would join the
   * last one's interval, and the round after it would go without waiting. So it waits out the rest.
   */
  async untilNext(): Promise<void> {
    for (let delay = this.delayUntilNext(); delay > 0; delay = this.delayUntilNext())
      await sleep(Math.ceil(delay));
  }

  private fadedEvents(now: number): number {
    return this.recentEvents * Math.exp(-(now - this.countedAt) / RATE_MEMORY_MS);
  }
}
