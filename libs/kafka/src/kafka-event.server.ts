import { Logger } from '@nestjs/common';
import { CustomTransportStrategy, EventPattern, Server } from '@nestjs/microservices';
import { EventType, eventTypeOfTopic, parseEvent, topicOf } from '@daybreak/contracts';
import { runWithContext } from '@daybreak/nest-common';
import { Consumer, EachMessagePayload, Kafka, RetryOptions } from 'kafkajs';
import { lastValueFrom, isObservable } from 'rxjs';
import { ConsumerStatus } from './consumer-status';
import { createKafka } from './kafka-client';

/** Declares a handler for an event type: `@OnEvent('post.created') handle(event: EventEnvelope<...>)`. */
export const OnEvent = (type: EventType) => EventPattern(topicOf(type));

export interface KafkaEventServerOptions {
  clientId: string;
  brokers: string[];
  /** One consumer group per service (and role): every process of it shares the partitions. */
  groupId: string;
  /** kafkajs' own retries before a crash (tests shorten them to provoke one). */
  retry?: RetryOptions;
  /** Told whether the consumer is in its group, for the readiness probe. */
  status?: ConsumerStatus;
}

const DEFAULT_CONSUMER_RETRY: RetryOptions = { retries: 8, initialRetryTime: 300, maxRetryTime: 10_000 };
const MAX_RESTART_DELAY_MS = 30_000;

/**
 * A Nest microservice transport that feeds Kafka events to `@OnEvent` handlers. Messages are parsed
 * against the event catalogue; a malformed one is logged and skipped (it can never succeed), while a
 * handler failure is retried by kafkajs, so the partition waits rather than losing the event.
 */
export class KafkaEventServer extends Server implements CustomTransportStrategy {
  private readonly kafka: Kafka;
  private consumer: Consumer | null = null;
  private joined!: Promise<void>;
  private markJoined!: () => void;
  private closing = false;
  private restartTimer: NodeJS.Timeout | null = null;
  private consecutiveRestarts = 0;
  /** How many times the consumer crashed; kafkajs restarts some crashes itself, this class the rest. */
  crashes = 0;
  protected override readonly logger = new Logger(KafkaEventServer.name);

  constructor(
    private readonly options: KafkaEventServerOptions,
    kafka: Kafka = createKafka(options.clientId, options.brokers),
  ) {
    super();
    this.kafka = kafka;
    this.resetJoined();
  }

  /** Resolves once the consumer has joined its group and been assigned partitions. */
  waitUntilJoined(): Promise<void> {
    return this.joined;
  }

  async listen(callback: (error?: unknown) => void): Promise<void> {
    try {
      await this.start();
      callback();
    } catch (error) {
      callback(error);
    }
  }

  async close(): Promise<void> {
    this.closing = true;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    await this.consumer?.disconnect();
    this.consumer = null;
  }

  on(): never {
    throw new Error('KafkaEventServer does not support event listeners');
  }

  unwrap<T>(): T {
    return this.consumer as T;
  }

  private resetJoined(): void {
    if (this.options.status) this.options.status.joined = false;
    this.joined = new Promise((resolve) => {
      this.markJoined = () => {
        if (this.options.status) this.options.status.joined = true;
        resolve();
      };
    });
  }

  private async start(): Promise<void> {
    const topics = [...this.messageHandlers.keys()];
    if (topics.length === 0) return this.markJoined();
    const consumer = this.kafka.consumer({
      groupId: this.options.groupId,
      allowAutoTopicCreation: false,
      retry: this.options.retry ?? DEFAULT_CONSUMER_RETRY,
    });
    consumer.on(consumer.events.GROUP_JOIN, () => {
      this.consecutiveRestarts = 0;
      this.markJoined();
    });
    consumer.on(consumer.events.CRASH, ({ payload }) => {
      this.crashes += 1;
      this.resetJoined();
      this.logger.error(
        `Consumer crashed (${payload.error.message}); kafkajs restarts it: ${payload.restart}`,
      );
      // kafkajs gives up for good on errors it deems non-retriable (e.g. no group coordinator after
      // a long broker outage), which would leave the service running but deaf. Rebuild it instead.
      if (!payload.restart) this.scheduleRestart();
    });
    this.consumer = consumer;
    await consumer.connect();
    // From the beginning: a service deployed after events were published still sees them.
    await consumer.subscribe({ topics, fromBeginning: true });
    await consumer.run({ eachMessage: (payload) => this.handleMessage(payload) });
  }

  private scheduleRestart(): void {
    if (this.closing || this.restartTimer) return;
    const delay = Math.min(1000 * 2 ** this.consecutiveRestarts, MAX_RESTART_DELAY_MS);
    this.consecutiveRestarts += 1;
    this.logger.warn(`Restarting the consumer in ${delay} ms`);
    this.restartTimer = setTimeout(() => {
      this.restartTimer = null;
      const previous = this.consumer;
      this.consumer = null;
      void (async () => {
        await previous?.disconnect().catch(() => undefined);
        if (this.closing) return;
        await this.start();
      })().catch((error: Error) => {
        this.logger.error(`Consumer restart failed: ${error.message}`);
        this.scheduleRestart();
      });
    }, delay);
  }

  private async handleMessage({ topic, message, partition }: EachMessagePayload): Promise<void> {
    const type = eventTypeOfTopic(topic);
    const handler = this.getHandlerByPattern(topic);
    if (!type || !handler) return;
    let event;
    try {
      event = parseEvent(type, JSON.parse(message.value?.toString() ?? 'null'));
    } catch (error) {
      this.logger.error(
        `Skipping malformed message on ${topic}[${partition}]@${message.offset}: ${(error as Error).message}`,
      );
      return;
    }
    await runWithContext({ correlationId: event.correlationId, userId: event.actorId }, async () => {
      const result = await handler(event);
      if (isObservable(result)) await lastValueFrom(result, { defaultValue: undefined });
    });
  }
}
