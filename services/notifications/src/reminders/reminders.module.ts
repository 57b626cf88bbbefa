import { DynamicModule, Module } from '@nestjs/common';
import { NotificationsConfig, consumesEvents } from '../config';
import { NotificationsModule } from '../notifications/notifications.module';
import { MemberZonesConsumer } from './member-zones.consumer';
import { REMINDER_SCHEDULER_SETTINGS } from './reminder-config';
import { ReminderClock } from './reminder-clock';
import { ReminderScheduler } from './reminder-scheduler';
import { RemindersController } from './reminders.controller';
import { RemindersService } from './reminders.service';

/**
 * The morning engine's settings and the wake-up reminder scheduler (ADR 0027). The scheduler runs in
 * the processes that consume events (the workers), unless REMINDER_POLL_MS is 0.
 */
@Module({})
export class RemindersModule {
  static forConfig(config: NotificationsConfig): DynamicModule {
    return {
      module: RemindersModule,
      imports: [NotificationsModule],
      controllers: [RemindersController, MemberZonesConsumer],
      providers: [
        ReminderClock,
        RemindersService,
        ReminderScheduler,
        {
          provide: REMINDER_SCHEDULER_SETTINGS,
          useValue: {
            pollMs: consumesEvents(config) ? config.REMINDER_POLL_MS : 0,
            batchSize: config.REMINDER_BATCH_SIZE,
          },
        },
      ],
    };
  }
}
