import { EventOf, EventType, ownerOf, parseEvent } from '@daybreak/contracts';
import { eventsHandled } from '@daybreak/observability';
import type { EachBatchPayload, KafkaMessage } from 'kafkajs';
import { Pacer } from '../pacer';
import type { TopicNames } from '../topics';
import { BatchApplier, BatchApplierOptions, MAX_EVENTS_A_TRANSACTION } from './batch-applier';
import type { Delivery, Registration } from './delivery';
import { FailedAttempts, positionOf } from './failed-attempts';
import { MergedSlices } from './merged-slices';

export interface FetchedBatchesOptions extends Omit<BatchApplierOptions, 'failedAttempts'> {
  topics: TopicNames;
  /** Every `@OnEvent` handler of the service. */
  registrations: () => Registration[];
  /** Attempts at an event on its own before it is dead-lettered (DEFAULT_MAX_ATTEMPTS). */
  maxAttempts?: number;
}

/**
 * What the consumer does with each partition's fetched batch (kafkajs' eachBatch): reads its
 * messages, sets aside those that can never succeed, and applies the rest a slice at a time with the
 * other partitions' slices, resolving offsets as each slice commits.
 */
export class FetchedBatches {
  /** Spaces fetches under load, so that each brings several events rather than one or two. */
  private readonly pacer = new Pacer();
  private readonly failedAttempts: FailedAttempts;
  private readonly merged: MergedSlices;

  constructor(private readonly options: FetchedBatchesOptions) {
    this.failedAttempts = new FailedAttempts(options.maxAttempts);
    const applier = new BatchApplier({ ...options, failedAttempts: this.failedAttempts });
    this.merged = new MergedSlices((deliveries) => applier.apply(deliveries));
  }

  /**
   * A fetched batch of one partition, a slice at a time: each slice's events in one transaction (with
   * the other partitions' slices handed over meanwhile), its offsets resolved once it committed.
   * Stops between slices when the consumer stops or the partition was reassigned (the rest is
   * fetched again by whoever owns it).
   */
  async handle(payload: EachBatchPayload): Promise<void> {
    const { batch, resolveOffset, heartbeat, commitOffsetsIfNecessary, isRunning, isStale } = payload;
    const { deadLetters } = this.options;
    // One topic, one event type: its handlers are the same for every message of the batch.
    const type = this.options.topics.typeOf(batch.topic);
    const handlers = this.options.registrations().filter(({ event }) => event === type);
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
          await deadLetters.send({
            topic: batch.topic,
            partition: batch.partition,
            message,
            reason: 'malformed',
            error: read.malformed,
            attempts: 1,
          });
        else if (read) deliveries.push(read);
      }
      await this.merged.apply(deliveries);
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

  /**
   * An event from a service that doesn't own its type (a compromised or misconfigured one, or a
   * hand-made message) changes nothing: logged, counted per handler, and its offset committed like
   * any handled message, so it is not retried.
   */
  private refuse(
    type: EventType,
    event: EventOf<EventType>,
    handlers: Registration[],
    position: string,
  ): void {
    const { groupId, logger } = this.options;
    logger.warn(
      `Refusing ${type} ${event.eventId} at ${position} for ${groupId}: produced by "${event.producer}", but only ${ownerOf(type)} publishes it`,
    );
    for (const { consumer } of handlers)
      eventsHandled.inc({ group: groupId, handler: consumer, event_type: event.type, result: 'refused' });
  }
}
