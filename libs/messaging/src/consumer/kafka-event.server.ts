import { Logger } from '@nestjs/common';
import { CustomTransportStrategy, Server } from '@nestjs/microservices';
import { type KafkaSecurity } from '@daybreak/nest-common';
import { Consumer, Kafka, RetryOptions } from 'kafkajs';
import { createKafka } from '../kafka-client';
import { TopicNames } from '../topics';
import { UnitOfWork } from '../outbox/unit-of-work';
import { ConsumerLag, PartitionLag } from './consumer-lag';
import { ConsumerStatus } from './consumer-status';
import { DeadLetterQueue } from './dead-letters';
import type { Registration } from './delivery';
import { FetchedBatches } from './fetched-batches';
import { HandlerRegistration } from './on-event';

export interface KafkaEventServerOptions {
  clientId: string;
  brokers: string[];
  /** TLS and SASL (kafkaSecurityOf); none in development. */
  security?: KafkaSecurity;
  /** One consumer group per service (and role): every process of it shares the partitions. */
  groupId: string;
  /** kafkajs' own retries before a crash (tests shorten them to provoke one). */
  retry?: RetryOptions;
  /** Told whether the consumer is in its group, for the readiness probe. */
  status?: ConsumerStatus;
  /** Opens each handler's transaction, in which its inbox record commits with its effects. */
  unitOfWork: UnitOfWork;
  /** This deployment's topic names (prefix). */
  topics?: TopicNames;
  /**
   * Attempts at an event on its own before it goes to its topic's dead-letter topic (default 5).
   * Between attempts kafkajs waits as `retry` says (300 ms, doubling, by default).
   */
  maxAttempts?: number;
}

const DEFAULT_CONSUMER_RETRY: RetryOptions = { retries: 8, initialRetryTime: 300, maxRetryTime: 10_000 };
const MAX_RESTART_DELAY_MS = 30_000;
/**
 * Partitions whose fetched batches kafkajs hands over at once, each to its own `eachBatch`: they are
 * applied together (see MergedSlices). At least the partitions of a topic (6).
 */
const PARTITIONS_AT_ONCE = 16;

/**
 * A Nest microservice transport that feeds Kafka events to `@OnEvent` handlers. Messages are parsed
 * against the event catalogue; a malformed one goes to the topic's dead-letter topic (`<topic>.dlq`,
 * it can never succeed), and one whose producer isn't its type's owner is skipped (counted as
 * `refused`). A handler's effects commit together with its inbox record, so a redelivered event is
 * skipped and a handler that fails leaves no trace; kafkajs then retries the message with backoff, so
 * the partition waits rather than losing the event, up to `maxAttempts`: an event that fails every
 * attempt while the database answers goes to the dead-letter topic, and the partition moves on.
 *
 * The events of a fetched batch are applied in one transaction together with those of the other
 * partitions' batches of the same fetch (MergedSlices); should it fail, one event and handler at a
 * time (BatchApplier). This class is the consumer's lifecycle: join, crash, restart, close;
 * FetchedBatches takes what it fetches, ConsumerLag measures the group's lag.
 */
export class KafkaEventServer extends Server implements CustomTransportStrategy {
  private readonly topics: TopicNames;
  private consumer: Consumer | null = null;
  private joined!: Promise<void>;
  private markJoined!: () => void;
  private closing = false;
  private restartTimer: NodeJS.Timeout | null = null;
  private consecutiveRestarts = 0;
  /** Where the events this group gives up on go, so that their partitions move on. */
  private readonly deadLetters: DeadLetterQueue;
  private readonly lag: ConsumerLag;
  private readonly batches: FetchedBatches;
  /** How many times the consumer crashed; kafkajs restarts some crashes itself, this class the rest. */
  crashes = 0;
  protected override readonly logger = new Logger(KafkaEventServer.name);

  constructor(
    private readonly options: KafkaEventServerOptions,
    private readonly kafka: Kafka = createKafka(options.clientId, options.brokers, options.security),
  ) {
    super();
    this.topics = options.topics ?? new TopicNames();
    this.deadLetters = new DeadLetterQueue(kafka, options.groupId);
    this.lag = new ConsumerLag(kafka, options.groupId);
    this.batches = new FetchedBatches({
      ...options,
      topics: this.topics,
      registrations: () => this.registrations(),
      deadLetters: this.deadLetters,
      logger: this.logger,
    });
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
    await this.lag.stop();
    await this.consumer?.disconnect();
    this.consumer = null;
    await this.deadLetters.close();
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
    const topics = [...new Set(this.registrations().map(({ event }) => this.topics.of(event)))];
    if (topics.length === 0) return this.markJoined();
    this.lag.watch(topics);
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
    // Offsets are resolved as slices commit, so a consumer stopped mid-batch never skips events.
    await consumer.run({
      eachBatchAutoResolve: false,
      // A fetch's partitions are handed over at once, so that their events share a transaction.
      partitionsConsumedConcurrently: PARTITIONS_AT_ONCE,
      eachBatch: (payload) => this.batches.handle(payload),
    });
  }

  /** The group's lag per partition (ConsumerLag.byPartition). */
  lagByPartition(): Promise<PartitionLag[]> {
    return this.lag.byPartition();
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

  /** Every `@OnEvent` handler with its event type and inbox name. */
  private registrations(): Registration[] {
    return [...this.messageHandlers.values()].map((handler) => ({
      ...(handler.extras as HandlerRegistration),
      handler,
    }));
  }
}
