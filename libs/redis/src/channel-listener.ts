import { Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { redisReady } from './redis-ready';

export interface ChannelHandlers {
  /** A message on the channel. */
  message(text: string): void;
  /** The connection closed: whatever is published until `listening` runs again goes unheard. */
  lost(): void;
  /**
   * Subscribed (again): the listener counts as listening once this resolves. A rejection leaves it
   * not listening until the next reconnection.
   */
  listening(): void | Promise<void>;
}

/**
 * One Redis channel this process listens on, for copies kept in memory that a message drops. It
 * knows whether it is listening now: while it is not, a message may go unheard, so copies must be
 * neither kept nor read.
 */
export class ChannelListener {
  private readonly logger = new Logger(ChannelListener.name);
  private subscriber?: Redis;
  private listening = false;

  constructor(
    private readonly redis: Redis,
    private readonly channel: string,
    private readonly handlers: ChannelHandlers,
  ) {}

  /** Whether every message published now will be heard. */
  get isListening(): boolean {
    return this.listening;
  }

  /** Starts listening; resolves once subscribed if Redis is there now (else when it comes). */
  async start(): Promise<void> {
    // A connection in subscriber mode can run no other command, so it is a connection of its own. It
    // subscribes again on every (re)connection itself, so it knows when it is listening.
    const subscriber = this.redis.duplicate({ autoResubscribe: false });
    this.subscriber = subscriber;
    subscriber.on('message', (_channel: string, text: string) => this.handlers.message(text));
    subscriber.on('close', () => {
      this.listening = false;
      this.handlers.lost();
    });
    subscriber.on('error', () => undefined); // the shared client already reports Redis being away
    const subscribe = () =>
      subscriber
        .subscribe(this.channel)
        .then(() => this.handlers.listening())
        .then(
          () => {
            this.listening = true;
          },
          (error: Error) => this.logger.warn(`Not listening on ${this.channel}: ${error.message}`),
        );
    subscriber.on('ready', () => void subscribe());
    // With Redis there at start, the first read already finds the subscription in place.
    if (redisReady(this.redis)) await subscribe();
  }

  async stop(): Promise<void> {
    this.listening = false;
    await this.subscriber?.quit().catch(() => undefined);
  }
}
