import type { ChainableCommander } from 'ioredis';
import type Redis from 'ioredis';
import { ChannelListener } from './channel-listener';
import { ExpiringCopies } from './expiring-copies';

/** What a drop message carries to drop every copy rather than one key's. */
const EVERY_KEY = '';

export interface LocalCopiesOptions {
  /** The Redis channel every process of the service hears drops on. */
  channel: string;
  /**
   * How long a copy is kept: a bound should the message that drops it ever not arrive (it normally
   * does within a millisecond of the change).
   */
  ttlMs: number;
  /** Copies kept at most; the oldest goes first. */
  maxEntries?: number;
}

/**
 * Copies of values shared in Redis, kept in this process' memory so that a read costs no round trip.
 * Whoever changes a value publishes a drop on `channel` (`publishDrop`), in the same transaction as
 * the change where it can, and every process forgets its copy when it hears it. While this process'
 * subscription is down a reconnect could miss a drop, so it keeps and reads no copies then; a copy is
 * also never kept longer than `ttlMs`.
 *
 * A read that started before a drop may not be kept after it: take `generation()` before reading
 * Redis and pass it to `keep`.
 */
export class LocalCopies<T> {
  private readonly copies: ExpiringCopies<T>;
  /** Bumped by every drop this process makes or hears. */
  private dropped = 0;
  /** Copies are kept and read only while it listens. */
  private readonly listener: ChannelListener;

  constructor(
    redis: Redis,
    private readonly options: LocalCopiesOptions,
  ) {
    this.copies = new ExpiringCopies(options.ttlMs, options.maxEntries ?? 10_000);
    // Whatever was dropped while it was away went unheard.
    this.listener = new ChannelListener(redis, options.channel, {
      message: (key) => this.drop(key || undefined),
      lost: () => this.drop(),
      listening: () => this.drop(),
    });
  }

  /** Starts hearing drops; resolves once subscribed if Redis is there now (else when it comes). */
  start(): Promise<void> {
    return this.listener.start();
  }

  stop(): Promise<void> {
    return this.listener.stop();
  }

  /** This process' copy of `key`, if it has a fresh one it may use. */
  get(key: string): T | undefined {
    return this.copies.get(key, () => this.listener.isListening);
  }

  /** Where the drops stand: take it before reading the value from Redis, for `keep`. */
  generation(): number {
    return this.dropped;
  }

  /**
   * Keeps a copy of what was read, unless a drop came since `generation` was taken; says whether it
   * kept it.
   */
  keep(key: string, value: T, generation: number): boolean {
    if (generation !== this.dropped || !this.listener.isListening) return false;
    this.copies.set(key, value);
    return true;
  }

  /** Forgets this process' copy of `key`, or every copy. */
  drop(key?: string): void {
    if (key === undefined) this.copies.clear();
    else this.copies.delete(key);
    this.dropped++;
  }

  /** Adds the message that makes every process drop `key` (or every copy) to `commands`. */
  publishDrop(commands: ChainableCommander, key?: string): ChainableCommander {
    return commands.publish(this.options.channel, key ?? EVERY_KEY);
  }
}
