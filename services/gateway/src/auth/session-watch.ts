import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit, Optional } from '@nestjs/common';
import { InjectRedis } from '@daybreak/redis';
import type Redis from 'ioredis';
import { SESSION_CHANGED_CHANNEL, SESSION_KEY_PREFIX } from './session-store';

/** Token for how often a watched session is looked up again regardless (ms); tests shorten it. */
export const SESSION_RECHECK_MS = Symbol('SESSION_RECHECK_MS');
/**
 * How often a watched session is looked up again even though no message said it changed: the bound
 * for a session whose key was deleted without the message (an operator's DEL, a flushed database).
 */
const DEFAULT_RECHECK_MS = 60_000;

interface Watch {
  key: string;
  onEnd: () => void;
  timer?: NodeJS.Timeout;
}

/**
 * Tells a long-lived response (the unread-count stream) when the session it was opened with ends, so
 * that it does not outlive a sign-out, an expiry or a revocation. A session ends when its Redis key
 * (`sess:<id>`) is gone. Every save and deletion through the session store publishes the key on
 * SESSION_CHANGED_CHANNEL (session-store.ts), so a sign-out or a deletion by the gateway is heard at once;
 * an expiry is met by a timer at the key's own expiry; anything else by a look every
 * DEFAULT_RECHECK_MS. Looks cost one PTTL each.
 */
@Injectable()
export class SessionWatch implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(SessionWatch.name);
  private readonly watches = new Map<string, Set<Watch>>();
  private subscriber?: Redis;
  private readonly recheckMs: number;

  constructor(
    @InjectRedis() private readonly redis: Redis,
    @Optional() @Inject(SESSION_RECHECK_MS) recheckMs?: number,
  ) {
    this.recheckMs = recheckMs ?? DEFAULT_RECHECK_MS;
  }

  async onModuleInit(): Promise<void> {
    // A connection in subscriber mode can run no other command, so it is a connection of its own.
    const subscriber = this.redis.duplicate();
    this.subscriber = subscriber;
    subscriber.on('message', (_channel: string, key: string) => {
      // An empty key drops every copy (LocalCopies): any session may have changed.
      const keys = key ? [key] : [...this.watches.keys()];
      for (const changed of keys) for (const watch of this.watches.get(changed) ?? []) this.check(watch);
    });
    // After a reconnection a message may have gone unheard: look at every watched session again.
    subscriber.on('ready', () => {
      for (const watches of this.watches.values()) for (const watch of watches) this.check(watch);
    });
    await subscriber.subscribe(SESSION_CHANGED_CHANNEL);
  }

  async onModuleDestroy(): Promise<void> {
    for (const watches of this.watches.values()) for (const watch of watches) clearTimeout(watch.timer);
    this.watches.clear();
    await this.subscriber?.quit().catch(() => undefined);
  }

  /** Calls `onEnd` once session `sessionId` has ended; the returned function stops watching it. */
  watch(sessionId: string, onEnd: () => void): () => void {
    const watch: Watch = { key: `${SESSION_KEY_PREFIX}${sessionId}`, onEnd };
    const watches = this.watches.get(watch.key) ?? new Set<Watch>();
    watches.add(watch);
    this.watches.set(watch.key, watches);
    this.check(watch);
    return () => this.forget(watch);
  }

  /** How many responses watch a session, in this process. */
  watchCount(): number {
    return [...this.watches.values()].reduce((sum, watches) => sum + watches.size, 0);
  }

  private forget(watch: Watch): void {
    clearTimeout(watch.timer);
    const watches = this.watches.get(watch.key);
    watches?.delete(watch);
    if (watches?.size === 0) this.watches.delete(watch.key);
  }

  /** Ends the watch if its session is gone; else looks again at its expiry or after recheckMs. */
  private check(watch: Watch): void {
    clearTimeout(watch.timer);
    this.redis.pttl(watch.key).then(
      (msLeft) => {
        if (!this.watches.get(watch.key)?.has(watch)) return; // stopped meanwhile
        // -2: no such key (ended); -1: a key without expiry, which sessions never are, looked at later.
        if (msLeft === -2) {
          this.forget(watch);
          watch.onEnd();
          return;
        }
        this.schedule(watch, msLeft >= 0 ? Math.min(msLeft + 1, this.recheckMs) : this.recheckMs);
      },
      (error: Error) => {
        // Redis away: the stream stays open (its member was signed in); looked at again later.
        this.logger.warn(`Could not look up a watched session: ${error.message}`);
        if (this.watches.get(watch.key)?.has(watch)) this.schedule(watch, this.recheckMs);
      },
    );
  }

  private schedule(watch: Watch, delayMs: number): void {
    clearTimeout(watch.timer); // two looks may overlap (a message during a timer's): one timer stays
    watch.timer = setTimeout(() => this.check(watch), delayMs);
    watch.timer.unref();
  }
}
