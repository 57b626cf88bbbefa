import { Logger } from '@nestjs/common';
import { CustomTransportStrategy, EventPattern, Server } from '@nestjs/microservices';
import { EventType, eventTypeOfTopic, parseEvent, topicOf } from '@daybreak/contracts';
import { runWithContext } from '@daybreak/nest-common';
import { Consumer, EachMessagePayload, Kafka } from 'kafkajs';
import { lastValueFrom, isObservable } from 'rxjs';
import { createKafka } from './kafka-client';

/** Declares a handler for an event type: `@OnEvent('post.created') handle(event: EventEnvelope<...>)`. */
export const OnEvent = (type: EventType) => EventPattern(topicOf(type));

export interface KafkaEventServerOptions {
  clientId: string;
  brokers: string[];
  /** One consumer group per service (and role): every process of it shares the partitions. */
  groupId: string;
}

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
  protected override readonly logger = new Logger(KafkaEventServer.name);

  constructor(private readonly options: KafkaEventServerOptions) {
    super();
    this.kafka = createKafka(options.clientId, options.brokers);
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
    this.joined = new Promise((resolve) => (this.markJoined = resolve));
  }

  private async start(): Promise<void> {
    const topics = [...this.messageHandlers.keys()];
    if (topics.length === 0) return this.markJoined();
    const consumer = this.kafka.consumer({ groupId: this.options.groupId, allowAutoTopicCreation: false });
    consumer.on(consumer.events.GROUP_JOIN, () => this.markJoined());
    consumer.on(consumer.events.CRASH, ({ payload }) => {
      this.logger.error(`Consumer crashed (${payload.error.message}); restart: ${payload.restart}`);
      this.resetJoined();
    });
    await consumer.connect();
    // From the beginning: a service deployed after events were published still sees them.
    await consumer.subscribe({ topics, fromBeginning: true });
    await consumer.run({ eachMessage: (payload) => this.handleMessage(payload) });
    this.consumer = consumer;
  }

  private async handleMessage({ topic, message, partition }: EachMessagePayload): Promise<void> {
    const type = eventTypeOfTopic(topic);
    const handler = this.getHandlerByPattern(topic);
    if (!type || !handler) return;
    let event;
    try {
      event = parseEvent(type, JSON.parse(message.value?.toString() ?? 'null'));
    } catch (error) {
      this.logger.error(`Skipping malformed message on ${topic}[${partition}]@${message.offset}: ${(error as Error).message}`);
      return;
    }
    await runWithContext({ correlationId: event.correlationId, userId: event.actorId }, async () => {
      const result = await handler(event);
      if (isObservable(result)) await lastValueFrom(result, { defaultValue: undefined });
    });
  }
}
