import { Inject, Injectable, OnApplicationBootstrap, OnModuleDestroy, Optional } from '@nestjs/common';
import { WAKE_UP_REMINDER_MESSAGE, localDateTime, toCalendarDate } from '@daybreak/contracts';
import { Transaction, UnitOfWork } from '@daybreak/messaging';
import { PeriodicJob } from '@daybreak/nest-common';
import { NotificationDelivery } from '../notifications/notification-delivery';
import { insertNotifications } from '../notifications/notifications.queries';
import { PUSH_DISPATCHER, PushDispatcher, PushMessage } from '../push/push-dispatcher';
import { MAX_LATENESS_MS, REMINDER_SCHEDULER_SETTINGS, ReminderSchedulerSettings } from './reminder-config';
import { ReminderClock } from './reminder-clock';
import { planNextReminder } from './reminder-plan';
import { ScheduleRow, claimDueSchedules, rescheduleAll } from './reminder-schedules.queries';

/** Where the reminder's push leads: straight to posting (issue 43). */
export const REMINDER_URL = '/create-post';

const REMINDER_PUSH: PushMessage = { title: 'Daybreak', body: WAKE_UP_REMINDER_MESSAGE, url: REMINDER_URL };

/** What one claimed batch came to. */
export interface BatchOutcome {
  claimed: number;
  sent: number;
  /** Later than MAX_LATENESS_MS: not sent, the next one computed. */
  dropped: number;
}

/** One reminder a member's local date: the notification's cause. */
const dedupeKeyOf = (localDay: string) => `reminder:${localDay}`;

/**
 * The wake-up reminders (ADR 0027). Each worker claims the due rows of `reminder_schedules` in small
 * batches with FOR UPDATE SKIP LOCKED, so workers share them without ever taking the same one; in
 * the batch's transaction it writes each member's in-app notification (one per local date, by its
 * dedupe key), counts it unread, and moves the row to its next due instant. The push goes once that
 * commits. A worker that dies mid-batch rolls it back: the rows are free again and another worker
 * sends them, none lost and none twice. One more than MAX_LATENESS_MS late is dropped unsent.
 */
@Injectable()
export class ReminderScheduler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly job: PeriodicJob;

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly delivery: NotificationDelivery,
    private readonly clock: ReminderClock,
    @Inject(REMINDER_SCHEDULER_SETTINGS) private readonly settings: ReminderSchedulerSettings,
    @Optional() @Inject(PUSH_DISPATCHER) private readonly push?: PushDispatcher,
  ) {
    // Drains at once when the process starts, then pollMs after each drain ends. A failed drain
    // (the database restarting, a deadlock with a consumer) is logged: its rows wait for the next.
    this.job = new PeriodicJob({ name: 'Sending reminders', everyMs: settings.pollMs, firstDelayMs: 0 }, () =>
      this.drain(),
    );
  }

  onApplicationBootstrap(): void {
    this.job.start();
  }

  /** Waits for the drain in progress, which stops after its current batch. */
  onModuleDestroy(): Promise<void> {
    return this.job.stop();
  }

  /** Sends every reminder due now, batch after batch, until none is left; answers the totals. */
  async drain(): Promise<BatchOutcome> {
    const total: BatchOutcome = { claimed: 0, sent: 0, dropped: 0 };
    for (;;) {
      const outcome = await this.runBatch();
      total.claimed += outcome.claimed;
      total.sent += outcome.sent;
      total.dropped += outcome.dropped;
      if (outcome.claimed < this.settings.batchSize || this.job.signal.aborted) return total;
    }
  }

  /** Claims up to a batch of due reminders and sends them, in one transaction. */
  async runBatch(): Promise<BatchOutcome> {
    return this.unitOfWork.run(async (tx) => {
      const now = this.clock.now();
      const due = await claimDueSchedules(tx.manager, now, this.settings.batchSize);
      const onTime = due
        .filter((row) => now.getTime() - row.nextDueAt!.getTime() <= MAX_LATENESS_MS)
        .map((row) => ({ ...row, localDay: toCalendarDate(localDateTime(row.nextDueAt!, row.timeZone!)) }));
      const sent = await this.notify(tx, onTime, now);
      // The day of each on-time one is done, sent now or earlier (a member who had one that date).
      const doneOn = new Map(onTime.map((row) => [row.userId, row.localDay]));
      await rescheduleAll(
        tx.manager,
        due.map((row) =>
          planNextReminder(
            { ...row, lastSentOn: doneOn.get(row.userId) ?? row.lastSentOn },
            row.timeZone,
            now,
          ),
        ),
      );
      return { claimed: due.length, sent, dropped: due.length - onTime.length };
    });
  }

  /**
   * Writes the reminders (one per member and local date), counts them unread and announces them;
   * hands one push for all of them to the push window once the transaction commits (it waits for room
   * in the window, not for the push services' answers: ADR 0029). Answers how many were written.
   */
  private async notify(
    tx: Transaction,
    rows: readonly (ScheduleRow & { localDay: string })[],
    now: Date,
  ): Promise<number> {
    if (rows.length === 0) return 0;
    const inserted = await insertNotifications(
      tx.manager,
      rows.map((row) => ({
        recipientId: row.userId,
        type: 'other',
        message: WAKE_UP_REMINDER_MESSAGE,
        fromUserId: null,
        postId: null,
        dedupeKey: dedupeKeyOf(row.localDay),
        createdAt: now.toISOString(),
      })),
    );
    await this.delivery.created(
      tx,
      inserted.map(({ id, userId }) => ({ id, userId, type: 'other' as const })),
    );
    const recipientIds = inserted.map(({ userId }) => userId);
    const push = this.push;
    if (push && recipientIds.length > 0)
      tx.afterCommit(() => push.handOver([{ recipientIds, message: REMINDER_PUSH }]));
    return inserted.length;
  }
}
