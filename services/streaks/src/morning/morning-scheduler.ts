import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { UnitOfWork } from '@daybreak/messaging';
import { PeriodicJob } from '@daybreak/nest-common';
import { MembersService } from '../members/members.service';
import { dueAfterHandled } from './domain/due-rules';
import { isTooLate } from './domain/morning-decisions';
import { MorningMessages } from './morning-messages.service';
import { claimDue, reschedule } from './morning-schedule.queries';

/** Rows per transaction: short transactions, and each worker takes its own batch. */
const BATCH = 100;

/** How often each process looks for due work, and its clock (tests pass their own). */
export interface MorningSchedulerOptions {
  /** 0: no timer (a test calls runDue with its clock). */
  tickSeconds: number;
  clock: () => Date;
}
export const MORNING_SCHEDULER_OPTIONS = Symbol('MORNING_SCHEDULER_OPTIONS');

export interface MorningRun {
  /** Due rows handled: each either sent or found not deserved (handled), or dropped as too late. */
  handled: number;
  dropped: number;
}

/**
 * The morning messages' scheduler (ARCHITECTURE §11). Each member's next due instant per kind is a
 * row of `morning_schedule`, found by its due-time index. Every streaks process claims due rows in
 * batches with FOR UPDATE SKIP LOCKED and, in the same transaction, publishes the message (outbox) and
 * moves the row to its next due instant: a message is published exactly once however many processes
 * run, and a process that dies mid-batch leaves its rows due for the next. A row more than 15 minutes
 * late (every process was down) is moved on without a message.
 */
@Injectable()
export class MorningScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly job: PeriodicJob;

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly members: MembersService,
    private readonly messages: MorningMessages,
    @Inject(MORNING_SCHEDULER_OPTIONS) private readonly options: MorningSchedulerOptions,
  ) {
    const everyMs = options.tickSeconds * 1000;
    this.job = new PeriodicJob({ name: 'Morning messages', everyMs }, () => this.runDue());
  }

  onApplicationBootstrap(): void {
    this.job.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.job.stop();
  }

  /** Everything due by `now`, batch by batch. */
  async runDue(now = this.options.clock()): Promise<MorningRun> {
    const run: MorningRun = { handled: 0, dropped: 0 };
    for (let claimed = BATCH; claimed === BATCH;) claimed = await this.runBatch(now, run);
    return run;
  }

  private runBatch(now: Date, run: MorningRun): Promise<number> {
    return this.unitOfWork.run(async (tx) => {
      const rows = await claimDue(tx.manager, now, BATCH);
      for (const row of rows) {
        if (isTooLate(row.dueAt, now)) run.dropped += 1;
        else {
          await this.messages.publishDue(tx, row.kind, row.userId, now);
          run.handled += 1;
        }
        const zone = await this.members.zoneOf(tx.manager, row.userId);
        await reschedule(tx.manager, {
          ...row,
          zone,
          dueAt: dueAfterHandled(row.kind, zone, row.dueAt, now),
        });
      }
      return rows.length;
    });
  }
}
