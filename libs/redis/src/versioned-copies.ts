import type Redis from 'ioredis';
import { ChannelListener } from './channel-listener';
import { ExpiringCopies } from './expiring-copies';

/**
 * The channel the versions of this Redis database's count go on (`publish` there with it). Redis
 * delivers a message to every subscriber of a channel's name, whatever database each uses, while the
 * count is a key of one database: stacks that share a Redis server (the tests', the bench's) would
 * otherwise hear each other's counts, and a higher one would stop every copy of the lower.
 */
export const versionChannel = (redis: Redis, channel: string): string =>
  `${channel}@db${redis.options.db ?? 0}`;

export interface VersionedCopiesOptions {
  /**
   * Where the owner of the data publishes each new version (a counter it increments per change), as
   * named before `versionChannel` qualifies it.
   */
  channel: string;
  /** The Redis key holding the current version, read whenever the listener (re)subscribes. */
  versionKey: string;
  /** How long a copy is kept at most: a bound should a version message ever not arrive. */
  ttlMs: number;
  /** Copies kept at most; the oldest goes first. */
  maxEntries?: number;
}

interface Copy<T> {
  value: T;
  version: number;
}

/**
 * Copies of another service's answers, kept in this process' memory and tagged with the version of
 * the data each was built from. The service that owns the data counts its changes in Redis
 * (`versionKey`), publishes each new count on `channel`, and says which version an answer was built
 * from. A copy is good while no newer version has been heard.
 *
 * Versions, rather than "drop everything now", because the answer may come from any process of
 * that service: one that has not heard of a change yet may still answer from before it after this
 * process has heard it. Its answer carries the older version, so it is not kept.
 *
 * While the subscription is down a version could go unheard, so no copy is kept or read then; on
 * every (re)subscription the current version is read from Redis. A copy never lives past `ttlMs`.
 */
export class VersionedCopies<T> {
  private readonly copies: ExpiringCopies<Copy<T>>;
  /** The newest version heard of: copies of an older one are stale. */
  private latest = 0;
  private readonly listener: ChannelListener;

  constructor(
    private readonly redis: Redis,
    private readonly options: VersionedCopiesOptions,
  ) {
    this.copies = new ExpiringCopies(options.ttlMs, options.maxEntries ?? 10_000);
    this.listener = new ChannelListener(redis, versionChannel(redis, options.channel), {
      message: (text) => this.heard(Number(text)),
      // The count may have started over (a Redis without its data): the next subscription reads it.
      lost: () => {
        this.latest = 0;
        this.copies.clear();
      },
      listening: () => this.readCurrentVersion(),
    });
  }

  /** Starts listening; resolves once subscribed if Redis is there now (else when it comes). */
  start(): Promise<void> {
    return this.listener.start();
  }

  stop(): Promise<void> {
    return this.listener.stop();
  }

  /** This process' copy of `key`, if it is of the newest version heard of. */
  get(key: string): T | undefined {
    return this.copies.get(key, (copy) => copy.version >= this.latest && this.listener.isListening)?.value;
  }

  /** Keeps `value`, built from `version`, unless a newer version has been heard of; says whether. */
  keep(key: string, value: T, version: number): boolean {
    if (!Number.isSafeInteger(version) || version < this.latest || !this.listener.isListening) return false;
    this.copies.set(key, { value, version });
    return true;
  }

  private heard(version: number): void {
    if (!Number.isSafeInteger(version) || version <= this.latest) return;
    this.latest = version;
    // Every copy is of an older version now.
    this.copies.clear();
  }

  private async readCurrentVersion(): Promise<void> {
    this.copies.clear();
    const current = Number((await this.redis.get(this.options.versionKey)) ?? 0);
    // A version heard while the read was on its way may be the newer one.
    this.latest = Math.max(this.latest, current);
  }
}
