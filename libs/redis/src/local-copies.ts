import { Logger } from '@nestjs/common';
import type { ChainableCommander } from 'ioredis';
import type Redis from 'ioredis';
import { redisReady } from './redis-ready';

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
  private readonly logger = new Logger(LocalCopies.name);
  private readonly copies = new Map<string, { value: T; expiresAt: number }>();
  private readonly maxEntries: number;
  /** Bumped by every drop this process makes or hears. */
  private dropped = 0;
  private subscriber?: Redis;
  /** Whether the subscriber listens on the channel now: copies are kept and read only then. */
  private subscribed = false;

  constructor(
    private readonly redis: Redis,
    private readonly options: LocalCopiesOptions,
  ) {
    this.maxEntries = options.maxEntries ?? 10_000;
  }

  /** Starts hearing drops; resolves once subscribed if Redis is there now (else when it comes). */
  async start(): Promise<void> {
    // A connection in subscriber mode can run no other command, so it is a connection of its own. It
    // subscribes again on every (re)connection itself, so it knows when it is listening.
    const subscriber = this.redis.duplicate({ autoResubscribe: false });
    this.subscriber = subscriber;
    subscriber.on('message', (_channel: string, key: string) => this.drop(key || undefined));
    // Whatever was dropped while it was away went unheard.
    subscriber.on('close', () => {
      this.subscribed = false;
      this.drop();
    });
    subscriber.on('error', () => undefined); // the shared client already reports Redis being away
    const subscribe = () =>
      subscriber.subscribe(this.options.channel).then(
        () => {
          this.drop();
          this.subscribed = true;
        },
        (error: Error) => this.logger.warn(`Not listening on ${this.options.channel}: ${error.message}`),
      );
    subscriber.on('ready', () => void subscribe());
    // With Redis there at start, the first read already finds the subscription in place.
    if (redisReady(this.redis)) await subscribe();
  }

  async stop(): Promise<void> {
    this.subscribed = false;
    await this.subscriber?.quit().catch(() => undefined);
  }

  /** This process' copy of `key`, if it has a fresh one it may use. */
  get(key: string): T | undefined {
    const copy = this.copies.get(key);
    if (!copy) return undefined;
    if (copy.expiresAt > Date.now() && this.subscribed) return copy.value;
    this.copies.delete(key);
    return undefined;
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
    if (generation !== this.dropped || !this.subscribed) return false;
    if (this.copies.size >= this.maxEntries) this.copies.delete(this.copies.keys().next().value!);
    this.copies.set(key, { value, expiresAt: Date.now() + this.options.ttlMs });
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
