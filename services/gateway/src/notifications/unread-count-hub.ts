import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { UNREAD_COUNT_CHANNEL, decodeUnreadCountChange } from '@daybreak/contracts';
import { InjectRedis } from '@daybreak/redis';
import type Redis from 'ioredis';

export type UnreadListener = (count: number) => void;

interface Subscription {
  onCount: UnreadListener;
  /** Called when the gateway shuts down, so an open stream does not hold the server open. */
  onShutdown: () => void;
}

/**
 * One Redis subscription per gateway process, fanned out to the open streams of each member. Any
 * gateway instance can serve any member: every instance hears every change and keeps the ones of the
 * members it has streams for.
 */
@Injectable()
export class UnreadCountHub implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(UnreadCountHub.name);
  private readonly listeners = new Map<string, Set<Subscription>>();
  private subscriber?: Redis;

  constructor(@InjectRedis() private readonly redis: Redis) {}

  async onModuleInit(): Promise<void> {
    // A connection in subscriber mode can run no other command, so it is a connection of its own.
    const subscriber = this.redis.duplicate();
    this.subscriber = subscriber;
    subscriber.on('message', (channel: string, message: string) => {
      if (channel === UNREAD_COUNT_CHANNEL) this.dispatch(message);
    });
    // ioredis subscribes again by itself after a reconnect.
    await subscriber.subscribe(UNREAD_COUNT_CHANNEL);
  }

  /** Runs before the HTTP server closes, which would otherwise wait for every open stream to end. */
  async onModuleDestroy(): Promise<void> {
    const subscriptions = [...this.listeners.values()].flatMap((set) => [...set]);
    this.listeners.clear();
    for (const subscription of subscriptions) subscription.onShutdown();
    await this.subscriber?.quit().catch(() => undefined);
  }

  /**
   * Calls `onCount` with each new count of `userId`, and `onShutdown` if the gateway stops first; the
   * returned function stops it.
   */
  listen(userId: string, onCount: UnreadListener, onShutdown: () => void = () => undefined): () => void {
    const subscription = { onCount, onShutdown };
    const listeners = this.listeners.get(userId) ?? new Set<Subscription>();
    listeners.add(subscription);
    this.listeners.set(userId, listeners);
    return () => {
      listeners.delete(subscription);
      if (listeners.size === 0 && this.listeners.get(userId) === listeners) this.listeners.delete(userId);
    };
  }

  /** How many streams listen for `userId` (one per open tab): a closed stream must not stay. */
  listenerCount(userId: string): number {
    return this.listeners.get(userId)?.size ?? 0;
  }

  private dispatch(message: string): void {
    const change = decodeUnreadCountChange(message);
    if (!change) {
      this.logger.warn(`Ignored a malformed message on ${UNREAD_COUNT_CHANNEL}`);
      return;
    }
    for (const { onCount } of this.listeners.get(change.userId) ?? []) onCount(change.count);
  }
}
