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
import { NamedStatement, queryNamed } from '@daybreak/database';
import { correlationId, currentContext } from '@daybreak/nest-common';
import { TraceCarrier, currentTraceCarrier } from '@daybreak/observability';
import { DataSource, EntityManager } from 'typeorm';
import { Gather, gatherIn } from './gather';
import { OutboxSignal } from './outbox-signal';

export const SERVICE_NAME = Symbol('SERVICE_NAME');

const INSERT_OUTBOX_ROWS: NamedStatement = {
  name: 'outbox_insert',
  text: `INSERT INTO outbox (event_id, topic, message_key, envelope, trace_context)
         SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::jsonb[], $5::jsonb[])`,
};

/** Who and what caused an event: its actor, its correlation id and the trace it continues. */
export interface EventOrigin {
  actorId: string | null;
  correlationId: string;
  traceContext: TraceCarrier | null;
}

/** The origin of events published from here: the current request (or event) and its trace. */
export function currentEventOrigin(): EventOrigin {
  return {
    actorId: currentContext()?.userId ?? null,
    correlationId: correlationId(),
    traceContext: currentTraceCarrier(),
  };
}

/** One database transaction plus the events it will publish once committed. */
export interface Transaction {
  manager: EntityManager;
  /**
   * Queues an event in the outbox, inside this transaction. Its origin is the current request's,
   * unless `origin` names another: one transaction may write the work of several requests. It
   * occurred now, unless `occurredAt` says when (e.g. the demo seed's past mornings).
   */
  publish<T extends EventType>(
    type: T,
    payload: EventPayload<T>,
    options?: { actorId?: string | null; origin?: EventOrigin; occurredAt?: Date },
  ): void;
  /**
   * Runs `effect` once the transaction has committed, never if it rolls back: for effects outside
   * the database that must not show uncommitted state (a Redis counter, a live push). A failing
   * effect is logged, not thrown: the committed work stands.
   */
  afterCommit(effect: () => Promise<unknown> | unknown): void;
  /**
   * Runs `work` inside the transaction once the work given to `run` is done, before its events are
   * written and it commits: a handler that gathers what several events of one transaction ask for
   * (a consumer's batch) writes it all at once. Its failure rolls the whole transaction back.
   */
  beforeCommit(work: () => Promise<unknown>): void;
  /**
   * The batch `key` gathers in this transaction, to add items to: the handlers of a consumer's batch
   * of events each add theirs, and `flush` takes them all at once, before commit (inside the
   * transaction, as beforeCommit: one statement for all) or after commit (as afterCommit: one round
   * trip for all). The first call of a batch names its flush; once flushed, the batch is closed
   * (frozen) and the next call opens another. A module-level symbol per gatherer is a good key.
   */
  gather: Gather;
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
      const pending: { event: EventEnvelope; traceContext: TraceCarrier | null }[] = [];
      const beforeCommit: (() => Promise<unknown>)[] = [];
      const hooks = {
        beforeCommit: (work: () => Promise<unknown>) => void beforeCommit.push(work),
        afterCommit: (effect: () => Promise<unknown> | unknown) => void effects.push(effect),
      };
      const tx: Transaction = {
        manager,
        publish: (type, payload, options) => {
          const origin = options?.origin ?? currentEventOrigin();
          const event = createEvent(type, payload, {
            producer: this.serviceName,
            actorId: options?.actorId ?? origin.actorId,
            correlationId: origin.correlationId,
            occurredAt: options?.occurredAt,
          });
          pending.push({ event, traceContext: origin.traceContext });
        },
        ...hooks,
        gather: gatherIn(hooks),
      };
      const value = await work(tx);
      // In order; one may queue another, and each may publish.
      for (let next = beforeCommit.shift(); next; next = beforeCommit.shift()) await next();
      if (pending.length > 0) {
        // The trace of the request (or event) that caused each event goes with it to Kafka.
        const events = pending.map(({ event }) => event);
        await queryNamed(manager, INSERT_OUTBOX_ROWS, [
          events.map((event) => event.eventId),
          events.map((event) => topicOf(event.type as EventType)),
          events.map((event) => messageKeyOf(event.type as EventType, event.payload as never)),
          events.map((event) => JSON.stringify(event)),
          pending.map(({ traceContext }) => traceContext && JSON.stringify(traceContext)),
        ]);
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
