import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  EventEnvelope,
  EventPayload,
  EventType,
  createEvent,
  messageKeyOf,
  topicOf,
} from '@daybreak/contracts';
import { correlationId, currentContext } from '@daybreak/nest-common';
import { currentTraceCarrier } from '@daybreak/observability';
import { DataSource, EntityManager } from 'typeorm';
import { OutboxSignal } from './outbox-signal';

export const SERVICE_NAME = Symbol('SERVICE_NAME');

/** One database transaction plus the events it will publish once committed. */
export interface Transaction {
  manager: EntityManager;
  /** Queues an event in the outbox, inside this transaction. */
  publish<T extends EventType>(
    type: T,
    payload: EventPayload<T>,
    options?: { actorId?: string | null },
  ): void;
  /**
   * Runs `effect` once the transaction has committed, never if it rolls back: for effects outside
   * the database that must not show uncommitted state (a Redis counter, a live push). A failing
   * effect is logged, not thrown: the committed work stands.
   */
  afterCommit(effect: () => Promise<unknown> | unknown): void;
}

@Injectable()
export class UnitOfWork {
  private readonly logger = new Logger(UnitOfWork.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(SERVICE_NAME) private readonly serviceName: string,
    private readonly signal: OutboxSignal,
  ) {}

  /** Runs `work` in a transaction; its state changes and queued events commit or roll back together. */
  async run<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    const effects: (() => Promise<unknown> | unknown)[] = [];
    let published = false;
    const result = await this.dataSource.transaction(async (manager) => {
      const pending: EventEnvelope[] = [];
      const tx: Transaction = {
        manager,
        publish: (type, payload, options) => {
          pending.push(
            createEvent(type, payload, {
              producer: this.serviceName,
              actorId: options?.actorId ?? currentContext()?.userId ?? null,
              correlationId: correlationId(),
            }),
          );
        },
        afterCommit: (effect) => {
          effects.push(effect);
        },
      };
      const value = await work(tx);
      if (pending.length > 0) {
        // The trace of the request (or event) that caused these events goes with them to Kafka.
        const traceContext = currentTraceCarrier();
        await manager.query(
          `INSERT INTO outbox (event_id, topic, message_key, envelope, trace_context)
           SELECT *, $5::jsonb FROM unnest($1::uuid[], $2::text[], $3::text[], $4::jsonb[])`,
          [
            pending.map((event) => event.eventId),
            pending.map((event) => topicOf(event.type as EventType)),
            pending.map((event) => messageKeyOf(event.type as EventType, event.payload as never)),
            pending.map((event) => JSON.stringify(event)),
            traceContext && JSON.stringify(traceContext),
          ],
        );
        published = true;
      }
      return value;
    });
    if (published) this.signal.committed();
    for (const effect of effects) {
      try {
        await effect();
      } catch (error) {
        this.logger.error(`An after-commit effect failed: ${(error as Error).message}`);
      }
    }
    return result;
  }
}
