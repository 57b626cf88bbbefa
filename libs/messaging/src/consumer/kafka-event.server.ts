import { Logger } from '@nestjs/common';
import { CustomTransportStrategy, MessageHandler, Server } from '@nestjs/microservices';
import { EventType, ownerOf, parseEvent } from '@daybreak/contracts';
import { type KafkaSecurity, runWithContext } from '@daybreak/nest-common';
import {
  SpanKind,
  consumerLag,
  contextFromCarrier,
  eventsHandled,
  inSpan,
  onScrape,
} from '@daybreak/observability';
import { Admin, Consumer, EachBatchPayload, Kafka, KafkaMessage, RetryOptions } from 'kafkajs';
import { lastValueFrom, isObservable } from 'rxjs';
import { createKafka } from '../kafka-client';
import { Pacer } from '../pacer';
import { TopicNames } from '../topics';
import { UnitOfWork } from '../outbox/unit-of-work';
import { ConsumerStatus } from './consumer-status';
import { DeadLetterQueue } from './dead-letters';
import { FailedAttempts, isTransientFailure, positionOf } from './failed-attempts';
import { claimEvent, claimEvents, inboxKey } from './inbox';
import { EventOf, HandlerRegistration } from './on-event';

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
/** The most events one transaction applies (a fetched batch is taken in slices of this many). */
export const MAX_EVENTS_A_TRANSACTION = 100;
/**
 * Partitions whose fetched batches kafkajs hands over at once, each to its own `eachBatch`: they are
 * applied together (see applyWithOthers). At least the partitions of a topic (6).
 */
const PARTITIONS_AT_ONCE = 16;

/** A message this service handles, parsed and checked, with the handlers that take its type. */
interface Delivery {
  topic: string;
  partition: number;
  message: KafkaMessage;
  event: EventOf<EventType>;
  handlers: Registration[];
  /** Marks it consumed in its partition (kafkajs' resolveOffset of its batch). */
  resolve: () => void;
}

/** A partition's slice waiting to be applied with the slices of the others handed over with it. */
interface WaitingSlice {
  deliveries: Delivery[];
  applied: () => void;
  failed: (error: unknown) => void;
}

/** Which partition a delivery came from: a failure stops its partition only. */
const partitionOf = ({ topic, partition }: Pick<Delivery, 'topic' | 'partition'>) => `${topic}[${partition}]`;

type Registration = HandlerRegistration & { handler: MessageHandler };

/**
 * A Nest microservice transport that feeds Kafka events to `@OnEvent` handlers. Messages are parsed
 * against the event catalogue; a malformed one goes to the topic's dead-letter topic (`<topic>.dlq`,
 * it can never succeed), and one whose producer isn't its type's owner is skipped (counted as
 * `refused`). A handler's effects commit together with its inbox record, so a redelivered event is
 * skipped and a handler that fails leaves no trace; kafkajs then retries the message with backoff, so
 * the partition waits rather than losing the event, up to `maxAttempts`: an event that fails every
 * attempt while the database answers goes to the dead-letter topic, and the partition moves on.
 *
 * The events of a fetched batch are applied in one transaction, in partition order (up to
 * MAX_EVENTS_A_TRANSACTION), together with those of the other partitions' batches of the same fetch:
 * under load, one BEGIN, one inbox insert and one COMMIT serve many events instead of one each.
 * Should that transaction fail (a handler throws, a deadlock), nothing of it stays, and the events
 * are applied again one event and handler at a time, each in its own transaction, so the events
 * before a failing one commit, the failing one alone is retried, and other partitions go on.
 */
export class KafkaEventServer extends Server implements CustomTransportStrategy {
  private readonly kafka: Kafka;
  private readonly topics: TopicNames;
  private consumer: Consumer | null = null;
  private joined!: Promise<void>;
  private markJoined!: () => void;
  private closing = false;
  private restartTimer: NodeJS.Timeout | null = null;
  private consecutiveRestarts = 0;
  private subscribedTopics: string[] = [];
  private admin: Admin | null = null;
  private stopMetrics: (() => void) | null = null;
  /** Slices handed over since the last merged apply began. */
  private waiting: WaitingSlice[] = [];
  /** Spaces fetches under load, so that each brings several events rather than one or two. */
  private readonly pacer = new Pacer();
  /** Where the events this group gives up on go, so that their partitions move on. */
  private readonly deadLetters: DeadLetterQueue;
  private readonly failedAttempts: FailedAttempts;
  /** How many times the consumer crashed; kafkajs restarts some crashes itself, this class the rest. */
  crashes = 0;
  protected override readonly logger = new Logger(KafkaEventServer.name);

  constructor(
    private readonly options: KafkaEventServerOptions,
    kafka: Kafka = createKafka(options.clientId, options.brokers, options.security),
  ) {
    super();
    this.kafka = kafka;
    this.topics = options.topics ?? new TopicNames();
    this.deadLetters = new DeadLetterQueue(kafka, options.groupId);
    this.failedAttempts = new FailedAttempts(options.maxAttempts);
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
    this.stopMetrics?.();
    await this.admin?.disconnect().catch(() => undefined);
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
    this.subscribedTopics = topics;
    this.stopMetrics ??= onScrape(() => this.measureLag());
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
      eachBatch: (payload) => this.handleBatch(payload),
    });
  }

  /**
   * The group's lag per partition, as KEDA's Kafka scaler computes it (deploy/k8s/notifications-worker.yaml):
   * the partition's latest offset minus the group's committed offset, the whole partition when the
   * group has committed nothing yet (offsetResetPolicy: earliest, like `fromBeginning` here). Every
   * process of the group sees the same numbers; the recording rules take the max.
   */
  async lagByPartition(): Promise<{ topic: string; partition: number; lag: number }[]> {
    const groupId = this.options.groupId;
    this.admin ??= this.kafka.admin({ retry: { retries: 0 } });
    try {
      await this.admin.connect();
      const committed = await this.admin.fetchOffsets({ groupId, topics: this.subscribedTopics });
      const lags = [];
      for (const { topic, partitions } of committed) {
        const latest = await this.admin.fetchTopicOffsets(topic);
        for (const { partition, high } of latest) {
          const offset = Number(partitions.find((p) => p.partition === partition)?.offset ?? -1);
          lags.push({ topic, partition, lag: Math.max(0, Number(high) - Math.max(offset, 0)) });
        }
      }
      return lags;
    } catch (error) {
      await this.admin.disconnect().catch(() => undefined);
      this.admin = null;
      throw error;
    }
  }

  private async measureLag(): Promise<void> {
    for (const { topic, partition, lag } of await this.lagByPartition())
      consumerLag.set({ group: this.options.groupId, topic, partition: String(partition) }, lag);
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

  /**
   * A fetched batch of one partition, a slice at a time: each slice's events in one transaction (with
   * the other partitions' slices handed over meanwhile), its offsets resolved once it committed.
   * Stops between slices when the consumer stops or the partition was reassigned (the rest is
   * fetched again by whoever owns it).
   */
  private async handleBatch(payload: EachBatchPayload): Promise<void> {
    const { batch, resolveOffset, heartbeat, commitOffsetsIfNecessary, isRunning, isStale } = payload;
    // One topic, one event type: its handlers are the same for every message of the batch.
    const type = this.topics.typeOf(batch.topic);
    const handlers = this.registrations().filter(({ event }) => event === type);
    if (!type || handlers.length === 0) return resolveOffset(batch.lastOffset());
    this.pacer.begin();
    this.pacer.count(batch.messages.length);
    for (let start = 0; start < batch.messages.length; start += MAX_EVENTS_A_TRANSACTION) {
      if (!isRunning() || isStale()) return;
      const slice = batch.messages.slice(start, start + MAX_EVENTS_A_TRANSACTION);
      const deliveries: Delivery[] = [];
      for (const message of slice) {
        const read = this.read(type, handlers, batch.topic, batch.partition, message, resolveOffset);
        // It can never succeed: set aside before its slice is applied, so its offset moves on with it.
        if (read && 'malformed' in read)
          await this.deadLetters.send({
            topic: batch.topic,
            partition: batch.partition,
            message,
            reason: 'malformed',
            error: read.malformed,
            attempts: 1,
          });
        else if (read) deliveries.push(read);
      }
      await this.applyWithOthers(deliveries);
      if (this.failedAttempts.any)
        for (const { offset } of slice)
          this.failedAttempts.forget(positionOf(batch.topic, batch.partition, offset));
      resolveOffset(slice[slice.length - 1].offset);
      await heartbeat();
      await commitOffsetsIfNecessary();
    }
    // kafkajs fetches again once every partition's batch of this fetch has been handled.
    await this.pacer.untilNext();
  }

  /**
   * Applies a partition's slice together with those of the other partitions handed over in the same
   * turn of the event loop (kafkajs gives each partition of a fetch its own eachBatch, all at once):
   * one transaction for a fetch, not one per partition. Resolves once the slice is applied; rejects
   * if one of its events failed (its partition stops there and is fetched again from it).
   */
  private applyWithOthers(deliveries: Delivery[]): Promise<void> {
    return new Promise((applied, failed) => {
      this.waiting.push({ deliveries, applied, failed });
      if (this.waiting.length === 1) setImmediate(() => void this.applyWaiting());
    });
  }

  /** The waiting slices, as many at a time as fit in a transaction (each fits on its own). */
  private async applyWaiting(): Promise<void> {
    const waiting = this.waiting;
    this.waiting = [];
    for (let start = 0; start < waiting.length;) {
      let end = start + 1;
      let events = waiting[start].deliveries.length;
      while (end < waiting.length && events + waiting[end].deliveries.length <= MAX_EVENTS_A_TRANSACTION)
        events += waiting[end++].deliveries.length;
      const group = waiting.slice(start, end);
      let failures: Map<string, { error: unknown }>;
      try {
        failures = await this.applySlice(group.flatMap(({ deliveries }) => deliveries));
      } catch (error) {
        // Not a handler's failure (those are caught per partition): every slice waiting is retried.
        for (const slice of waiting.slice(start)) slice.failed(error);
        return;
      }
      for (const slice of group) {
        const failure = slice.deliveries.map((delivery) => failures.get(partitionOf(delivery))).find(Boolean);
        if (failure) slice.failed(failure.error);
        else slice.applied();
      }
      start = end;
    }
  }

  /**
   * Applies events in order: each run of events that may share a transaction together, and an event
   * with a handler that must be `alone` on its own. Answers the partitions that failed, with the
   * error: a partition's events after its failing one are not applied.
   */
  private async applySlice(deliveries: Delivery[]): Promise<Map<string, { error: unknown }>> {
    const failures = new Map<string, { error: unknown }>();
    let run: Delivery[] = [];
    for (const delivery of deliveries) {
      if (!delivery.handlers.some(({ alone }) => alone)) {
        run.push(delivery);
        continue;
      }
      await this.applyRun(run, failures);
      run = [];
      await this.applyRun([delivery], failures);
    }
    await this.applyRun(run, failures);
    return failures;
  }

  /** Applies events together, or, should that fail, each on its own; records the partitions that fail. */
  private async applyRun(run: Delivery[], failures: Map<string, { error: unknown }>): Promise<void> {
    const deliveries = run.filter((delivery) => !failures.has(partitionOf(delivery)));
    if (deliveries.length > 1) {
      try {
        return await this.applyTogether(deliveries);
      } catch (error) {
        this.logger.warn(
          `Applying ${deliveries.length} events together failed (${(error as Error).message}); applying each on its own`,
        );
      }
    }
    for (const delivery of deliveries) {
      if (failures.has(partitionOf(delivery))) continue;
      try {
        await this.inProcessSpan(delivery, () =>
          this.inEventContext(delivery.event, async () => {
            // Several handlers may take one event type; each applies it once, in its own transaction.
            for (const { handler, consumer } of delivery.handlers)
              await this.applyOnce(handler, consumer, delivery.event);
          }),
        );
        delivery.resolve();
      } catch (error) {
        if (await this.gaveUpOn(delivery, error)) delivery.resolve();
        else failures.set(partitionOf(delivery), { error });
      }
    }
  }

  /**
   * Counts a failed attempt at an event applied on its own. The last one allowed sends it to the
   * dead-letter topic and answers true: its partition goes on with the next event. A failure that
   * is the database's (it doesn't answer, a deadlock) is not the event's fault and not counted, or
   * an outage would dead-letter every event it met.
   */
  private async gaveUpOn(delivery: Delivery, error: unknown): Promise<boolean> {
    if (isTransientFailure(error) || !(await this.databaseAnswers())) return false;
    const { topic, partition, message } = delivery;
    const position = positionOf(topic, partition, message.offset);
    const attempts = this.failedAttempts.record(position);
    if (attempts < this.failedAttempts.max) return false;
    try {
      await this.deadLetters.send({ topic, partition, message, reason: 'handler_failed', error, attempts });
    } catch (sendError) {
      this.logger.error(`Could not dead-letter ${position}: ${(sendError as Error).message}; retrying it`);
      return false;
    }
    this.failedAttempts.forget(position);
    return true;
  }

  private async databaseAnswers(): Promise<boolean> {
    try {
      await this.options.unitOfWork.run((tx) => tx.manager.query('SELECT 1'));
      return true;
    } catch {
      return false;
    }
  }

  /**
   * One transaction for every (event, handler) of the run: one statement claims them all in the
   * inbox, then each claimed one runs in partition order. Counted once committed.
   */
  private async applyTogether(deliveries: Delivery[]): Promise<void> {
    const results = await this.options.unitOfWork.run(async (tx) => {
      const claimed = await claimEvents(
        tx.manager,
        deliveries.flatMap(({ event, handlers }) =>
          handlers.map(({ consumer }) => ({ consumer, eventId: event.eventId })),
        ),
      );
      const applied: { consumer: string; event: EventOf<EventType>; result: 'processed' | 'duplicate' }[] =
        [];
      for (const delivery of deliveries) {
        const { event, handlers } = delivery;
        await this.inProcessSpan(delivery, () =>
          this.inEventContext(event, async () => {
            for (const { handler, consumer } of handlers) {
              // Taken from the set as it is applied: the same event twice in one slice applies once.
              const first = claimed.delete(inboxKey(consumer, event.eventId));
              if (first) await invoke(handler, event, tx);
              applied.push({ consumer, event, result: first ? 'processed' : 'duplicate' });
            }
          }),
        );
      }
      return applied;
    });
    for (const { consumer, event, result } of results)
      eventsHandled.inc({ group: this.options.groupId, handler: consumer, event_type: event.type, result });
  }

  /**
   * The message as an event of `type` for its handlers; malformed (not JSON, or not its contract: it
   * can never succeed), with why; or undefined: refused (its producer does not own its type).
   */
  private read(
    type: EventType,
    handlers: Registration[],
    topic: string,
    partition: number,
    message: KafkaMessage,
    resolveOffset: (offset: string) => void,
  ): Delivery | { malformed: unknown } | undefined {
    let event: EventOf<EventType>;
    try {
      event = parseEvent(type, JSON.parse(message.value?.toString() ?? 'null'));
    } catch (error) {
      return { malformed: error };
    }
    if (event.producer !== ownerOf(type)) {
      this.refuse(type, event, handlers, `${topic}[${partition}]@${message.offset}`);
      return undefined;
    }
    return { topic, partition, message, event, handlers, resolve: () => resolveOffset(message.offset) };
  }

  /** Each event's handling in a `process` span, a child of the publish span whose context its headers carry. */
  private inProcessSpan<T>({ topic, partition, message }: Delivery, work: () => Promise<T>): Promise<T> {
    return inSpan(
      `${topic} process`,
      {
        kind: SpanKind.CONSUMER,
        parent: contextFromCarrier(message.headers),
        attributes: {
          'messaging.system': 'kafka',
          'messaging.destination.name': topic,
          'messaging.destination.partition.id': String(partition),
          'messaging.consumer.group.name': this.options.groupId,
          'messaging.kafka.offset': message.offset,
        },
      },
      work,
    );
  }

  /** The event's correlation id and actor, for its handlers' logs and the events they publish. */
  private inEventContext<T>(event: EventOf<EventType>, work: () => Promise<T>): Promise<T> {
    return runWithContext({ correlationId: event.correlationId, userId: event.actorId }, work);
  }

  /**
   * An event from a service that doesn't own its type (a compromised or misconfigured one, or a
   * hand-made message) changes nothing: logged, counted per handler, and its offset committed like
   * any handled message, so it is not retried.
   */
  private refuse(
    type: EventType,
    event: EventOf<EventType>,
    handlers: HandlerRegistration[],
    position: string,
  ): void {
    this.logger.warn(
      `Refusing ${type} ${event.eventId} at ${position} for ${this.options.groupId}: produced by "${event.producer}", but only ${ownerOf(type)} publishes it`,
    );
    for (const { consumer } of handlers)
      eventsHandled.inc({
        group: this.options.groupId,
        handler: consumer,
        event_type: event.type,
        result: 'refused',
      });
  }

  private async applyOnce(
    handler: MessageHandler,
    consumer: string,
    event: EventOf<EventType>,
  ): Promise<void> {
    const labels = { group: this.options.groupId, handler: consumer, event_type: event.type };
    try {
      const applied = await this.options.unitOfWork.run(async (tx) => {
        if (!(await claimEvent(tx.manager, consumer, event.eventId))) return false;
        await invoke(handler, event, tx);
        return true;
      });
      eventsHandled.inc({ ...labels, result: applied ? 'processed' : 'duplicate' });
    } catch (error) {
      eventsHandled.inc({ ...labels, result: 'failed' });
      throw error;
    }
  }
}

/** Calls a handler with the event and its transaction, and waits for what it returns. */
async function invoke(handler: MessageHandler, event: EventOf<EventType>, tx: unknown): Promise<void> {
  const result = await handler(event, tx);
  if (isObservable(result)) await lastValueFrom(result, { defaultValue: undefined });
}
