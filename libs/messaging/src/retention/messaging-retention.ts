import {
  BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { deleteInTurns, rowsChanged } from '@daybreak/database';
import { PeriodicJob } from '@daybreak/nest-common';
import { messagingTableRows } from '@daybreak/observability';
import { DataSource } from 'typeorm';
import { SERVICE_NAME } from '../outbox/unit-of-work';

export const MESSAGING_RETENTION = Symbol('MESSAGING_RETENTION');

/**
 * How long the messaging tables keep a row once it has served. Defaults: 7 days for a published
 * outbox row (kept only to look into), 15 for an inbox row.
 *
 * The inbox row is what makes a redelivered event a no-op, so it must outlive every redelivery.
 * Kafka redelivers an event only while its topic still holds it: the broker deletes a topic's data a
 * whole segment at a time, once the segment's newest message is older than `retention.ms`, and a
 * segment is closed after `segment.ms` at the latest; so a message can be read for up to
 * retention.ms + segment.ms after it was written (7 + 7 days with Kafka's defaults, which our topics
 * use). An event is processed after it was written, so an inbox row kept longer than that outlives
 * every copy of its event in Kafka. A dead letter replayed later than this is another matter: it is
 * a new copy, and a consumer group whose inbox forgot the event applies it again
 * (scripts/replay-dlq.mjs refuses dead letters older than the inbox's retention without --force).
 */
export interface MessagingRetention {
  outboxDays: number;
  inboxDays: number;
}

export const DEFAULT_MESSAGING_RETENTION: MessagingRetention = { outboxDays: 7, inboxDays: 15 };

/** How often a process prunes (and counts) its tables; replicas take turns through a lock. */
const PRUNE_INTERVAL_MS = 10 * 60_000;
/** The first round soon after boot, not in the middle of it. */
const FIRST_PRUNE_DELAY_MS = 60_000;
/** Rows a statement deletes at most: short transactions, short locks, small WAL bursts. */
const ROWS_A_STATEMENT = 5000;

/** One replica of a service prunes at a time (the others skip their round). */
const PRUNE_TURN = 'messaging-retention';
const PRUNE_OUTBOX = `DELETE FROM outbox WHERE id IN (
  SELECT id FROM outbox WHERE published_at < now() - make_interval(days => $1) LIMIT $2)`;
const PRUNE_INBOX = `DELETE FROM processed_events WHERE ctid IN (
  SELECT ctid FROM processed_events WHERE processed_at < now() - make_interval(days => $1) LIMIT $2)`;
const TABLE_ROWS = `SELECT (SELECT count(*) FROM outbox)::int AS outbox,
  (SELECT count(*) FROM processed_events)::int AS inbox`;

export interface PruneResult {
  outbox: number;
  inbox: number;
}

/**
 * Deletes published outbox rows and inbox rows past their retention, a batch at a time, every
 * PRUNE_INTERVAL_MS, and sets the `messaging_table_rows` gauge to the tables' sizes after each round.
 * Unpublished outbox rows are never deleted, however old: they are events still to be sent.
 */
@Injectable()
export class MessagingRetentionJob implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(MessagingRetentionJob.name);
  private readonly job = new PeriodicJob(
    { name: 'Pruning the messaging tables', everyMs: PRUNE_INTERVAL_MS, firstDelayMs: FIRST_PRUNE_DELAY_MS },
    () => this.pruneAndLog(),
  );

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(SERVICE_NAME) private readonly serviceName: string,
    @Inject(MESSAGING_RETENTION) private readonly retention: MessagingRetention,
  ) {}

  onApplicationBootstrap(): void {
    this.job.start();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.job.stop();
  }

  /**
   * One round: deletes what is past retention (unless another replica is at it) and measures the
   * tables. Answers the rows deleted, or null when another replica held the lock.
   */
  async prune(): Promise<PruneResult | null> {
    const deleted = { outbox: 0, inbox: 0 };
    for (const [table, sql, days] of [
      ['outbox', PRUNE_OUTBOX, this.retention.outboxDays],
      ['inbox', PRUNE_INBOX, this.retention.inboxDays],
    ] as const) {
      const count = await deleteInTurns(this.dataSource, PRUNE_TURN, ROWS_A_STATEMENT, (manager, limit) =>
        rowsChanged(manager, sql, [days, limit]),
      );
      if (count === null) return null;
      deleted[table] = count;
    }
    await this.measure();
    return deleted;
  }

  /** Sets the gauge to the tables' row counts. */
  async measure(): Promise<void> {
    const [rows] = (await this.dataSource.query(TABLE_ROWS)) as { outbox: number; inbox: number }[];
    messagingTableRows.set({ service: this.serviceName, table: 'outbox' }, rows.outbox);
    messagingTableRows.set({ service: this.serviceName, table: 'processed_events' }, rows.inbox);
  }

  private async pruneAndLog(): Promise<void> {
    const deleted = await this.prune();
    if (deleted && deleted.outbox + deleted.inbox > 0)
      this.logger.log(`Pruned ${deleted.outbox} outbox and ${deleted.inbox} inbox rows`);
  }
}
