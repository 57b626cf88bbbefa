import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { EventPayload, ReminderSettings } from '@daybreak/contracts';
import type { Transaction } from '@daybreak/messaging';
import type { DataSource, EntityManager } from 'typeorm';
import { recordZone, zoneOf } from './member-zones.queries';
import { ReminderClock } from './reminder-clock';
import { planNextReminder } from './reminder-plan';
import { lockSchedule, rescheduleAll, saveSchedule, scheduleOf } from './reminder-schedules.queries';
import { toReminderSettings, toScheduleSettings } from './reminder-settings';

/**
 * A member's morning settings and the zone their reminders follow. Whatever changes either (the
 * settings, the member's stored zone, the zone of their latest post) recomputes the next due instant
 * in the same transaction, under the row's lock, so a worker sending the reminder at that moment is
 * waited for and what it wrote is seen.
 */
@Injectable()
export class RemindersService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly clock: ReminderClock,
  ) {}

  async settingsOf(userId: string): Promise<ReminderSettings> {
    return toReminderSettings(await scheduleOf(this.dataSource.manager, userId));
  }

  async save(userId: string, settings: ReminderSettings): Promise<ReminderSettings> {
    return this.dataSource.transaction(async (manager) => {
      const current = await lockSchedule(manager, userId);
      const chosen = toScheduleSettings(settings);
      const next = planNextReminder(
        { userId, lastSentOn: current?.lastSentOn ?? null, ...chosen },
        await zoneOf(manager, userId),
        this.clock.now(),
      );
      await saveSchedule(manager, userId, chosen, next);
      return toReminderSettings({ ...chosen, ...next });
    });
  }

  /** A member's snapshot from social: their stored zone (null when they have none). */
  async storedZoneChanged(
    tx: Transaction,
    user: EventPayload<'user.updated'>,
    occurredAt: string,
  ): Promise<void> {
    await recordZone(tx.manager, 'stored', { userId: user.userId, zone: user.timezone, at: occurredAt });
    await this.followZone(tx.manager, user.userId);
  }

  /** A post: the zone its author's device reported, used while they have no stored zone. */
  async postedIn(tx: Transaction, post: EventPayload<'post.created'>): Promise<void> {
    await recordZone(tx.manager, 'post', { userId: post.authorId, zone: post.timezone, at: post.createdAt });
    await this.followZone(tx.manager, post.authorId);
  }

  /** Moves the member's next reminder into their current zone, when it was computed in another. */
  private async followZone(manager: EntityManager, userId: string): Promise<void> {
    const schedule = await lockSchedule(manager, userId);
    if (!schedule) return;
    const zone = await zoneOf(manager, userId);
    if (zone === schedule.timeZone) return;
    await rescheduleAll(manager, [planNextReminder(schedule, zone, this.clock.now())]);
  }
}
