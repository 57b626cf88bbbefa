import type { LoggerService } from '@nestjs/common';
import type { MessageHandler } from '@nestjs/microservices';
import type { EventOf, EventType } from '@daybreak/contracts';
import { eventsHandled } from '@daybreak/observability';
import { isObservable, lastValueFrom } from 'rxjs';
import type { UnitOfWork } from '../outbox/unit-of-work';
import type { DeadLetterQueue } from './dead-letters';
import {
  Delivery,
  PartitionFailures,
  inBatchSpan,
  inEventContext,
  inProcessSpan,
  partitionOf,
} from './delivery';
import { FailedAttempts, isTransientFailure, positionOf } from './failed-attempts';
import { claimEvent, claimEvents, inboxKey } from './inbox';

/** The most events one transaction applies (a fetched batch is taken in slices of this many). */
export const MAX_EVENTS_A_TRANSACTION = 100;

export interface BatchApplierOptions {
  /** Opens each transaction, in which the handlers' inbox records commit with their effects. */
  unitOfWork: UnitOfWork;
  /** The consumer group, for the metrics' and spans' labels. */
  groupId: string;
  /** Where an event goes once it failed its last attempt. */
  deadLetters: Pick<DeadLetterQueue, 'send'>;
  failedAttempts: FailedAttempts;
  logger: LoggerService;
}

/**
 * Applies parsed events to their handlers, knowing nothing of Kafka but where each event came from.
 * A run of events shares one transaction: one statement claims them all in the inbox, then each
 * claimed (event, handler) runs in order. Should that transaction fail, nothing of it stays and the
 * events are applied again one event and handler at a time, each in its own transaction, so the
 * events before a failing one commit, and only its partition stops. An event with a handler that
 * must be `alone` is applied that way from the start.
 */
export class BatchApplier {
  constructor(private readonly options: BatchApplierOptions) {}

  /**
   * Applies events in order: each run of events that may share a transaction together, and an event
   * with a handler that must be `alone` on its own. Answers the partitions that failed, with the
   * error: a partition's events after its failing one are not applied.
   */
  async apply(deliveries: Delivery[]): Promise<PartitionFailures> {
    const failures: PartitionFailures = new Map();
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
  private async applyRun(run: Delivery[], failures: PartitionFailures): Promise<void> {
    const deliveries = run.filter((delivery) => !failures.has(partitionOf(delivery)));
    if (deliveries.length > 1) {
      try {
        return await this.applyTogether(deliveries);
      } catch (error) {
        this.options.logger.warn(
          `Applying ${deliveries.length} events together failed (${(error as Error).message}); applying each on its own`,
        );
      }
    }
    for (const delivery of deliveries) {
      if (failures.has(partitionOf(delivery))) continue;
      try {
        await inProcessSpan(this.options.groupId, delivery, () =>
          inEventContext(delivery.event, async () => {
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
    const { failedAttempts, deadLetters, logger } = this.options;
    const position = positionOf(topic, partition, message.offset);
    const attempts = failedAttempts.record(position);
    if (attempts < failedAttempts.max) return false;
    try {
      await deadLetters.send({ topic, partition, message, reason: 'handler_failed', error, attempts });
    } catch (sendError) {
      logger.error(`Could not dead-letter ${position}: ${(sendError as Error).message}; retrying it`);
      return false;
    }
    failedAttempts.forget(position);
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
   * inbox, then each claimed one runs in partition order. Counted once committed. The transaction,
   * with its after-commit work, is traced as the batch's (inBatchSpan).
   */
  private async applyTogether(deliveries: Delivery[]): Promise<void> {
    const results = await inBatchSpan(this.options.groupId, deliveries, () => this.runTogether(deliveries));
    for (const { consumer, event, result } of results)
      eventsHandled.inc({ group: this.options.groupId, handler: consumer, event_type: event.type, result });
  }

  private runTogether(deliveries: Delivery[]) {
    return this.options.unitOfWork.run(async (tx) => {
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
        await inProcessSpan(this.options.groupId, delivery, () =>
          inEventContext(event, async () => {
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
