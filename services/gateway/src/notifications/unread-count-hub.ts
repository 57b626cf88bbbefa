import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { InjectRedis } from '@daybreak/redis';
import type Redis from 'ioredis';

/** The channel the notifications service publishes every change of a member's count on. */
export const UNREAD_CHANNEL = 'notifications:unread';

export type UnreadListener = (count: number) => void;

interface Subscription {
  onCount: UnreadListener;
  /** Called when the gateway shuts down, so an open stream does not hold the server open. */
  onShutdown: () => void;
}

/** `{"userId": "...", "count": N}`, or null for anything else on the channel. */
export function parseUnreadMessage(message: string): { userId: string; count: number } | null {
  try {
    const data = JSON.parse(message) as { userId?: unknown; count?: unknown };
    if (typeof data.userId !== 'string' || typeof data.count !== 'number') return null;
    if (!Number.isInteger(data.count) || data.count < 0) return null;
    return { userId: data.userId, count: data.count };
  } catch {
    return null;
  }
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
      if (channel === UNREAD_CHANNEL) this.dispatch(message);
    });
    // ioredis subscribes again by itself after a reconnect.
    await subscriber.subscribe(UNREAD_CHANNEL);
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
    const change = parseUnreadMessage(message);
    if (!change) {
      this.logger.warn(`Ignored a malformed message on ${UNREAD_CHANNEL}`);
      return;
    }
    for (const { onCount } of this.listeners.get(change.userId) ?? []) onCount(change.count);
  }
}
