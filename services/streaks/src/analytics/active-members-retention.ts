import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { deleteInTurns } from '@daybreak/database';
import { MESSAGING_RETENTION, MessagingRetention } from '@daybreak/messaging';
import { PeriodicJob } from '@daybreak/nest-common';
import { DataSource } from 'typeorm';
import { deleteActiveMembersBefore } from './analytics.queries';

/** Member-days are few a day per member: an hourly round keeps the table at its window. */
const PRUNE_EVERY_MS = 60 * 60_000;
/** The first round soon after boot, not in the middle of it. */
const FIRST_PRUNE_DELAY_MS = 60_000;
/** Rows a statement deletes at most: short transactions, short locks, small WAL bursts. */
const ROWS_A_STATEMENT = 5000;
/** One replica prunes at a time (the others skip their round). */
const PRUNE_TURN = 'analytics-active-members-retention';

/**
 * Prunes `analytics_active_members` (ADR 0033), the member-day set that makes a member count once a
 * day in `analytics_daily_active`. Only `markActive` reads it, to tell a member's first event of a
 * day from the next ones; the Product dashboard reads the daily counts, never this table (its role
 * may not). So a day is needed only while an event of that day can still be applied for the first
 * time: an event is readable in Kafka up to retention.ms + segment.ms after it was written, which the
 * inbox's retention outlives (MessagingRetention), so a member-day is kept as long as the inbox keeps
 * its rows. A day pruned sooner could count a member twice in its day's total.
 */
@Injectable()
export class ActiveMembersRetention implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ActiveMembersRetention.name);
  private readonly job = new PeriodicJob(
    { name: 'Pruning analytics_active_members', everyMs: PRUNE_EVERY_MS, firstDelayMs: FIRST_PRUNE_DELAY_MS },
    async () => {
      const deleted = await this.prune();
      if (deleted) this.logger.log(`Pruned ${deleted} member-days older than ${this.keepDays()} days`);
    },
  );

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(MESSAGING_RETENTION) private readonly retention: MessagingRetention,
  ) {}

  onApplicationBootstrap(): void {
    this.job.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.job.stop();
  }

  /** One round: answers the member-days deleted, or null when another replica was at it. */
  prune(): Promise<number | null> {
    return deleteInTurns(this.dataSource, PRUNE_TURN, ROWS_A_STATEMENT, (manager, limit) =>
      deleteActiveMembersBefore(manager, this.keepDays(), limit),
    );
  }

  private keepDays(): number {
    return Math.ceil(this.retention.inboxDays);
  }
}
