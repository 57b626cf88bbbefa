import { Module } from '@nestjs/common';
import { MemberErasure } from './member-erasure';
import { MemberErasureConsumer } from './member-erasure.consumer';
import { NotificationDelivery } from './notification-delivery';
import { NotificationWriter } from './notification-writer';
import { NotificationsConsumer } from './notifications.consumer';
import { NotificationsController } from './notifications.controller';
import { NotificationsService } from './notifications.service';
import { PostFanOut } from './post-fan-out';
import { ReadModelsConsumer } from './read-models.consumer';
import { ReadModelsService } from './read-models.service';
import { SafetyConsumer } from './safety.consumer';
import { SafetyService } from './safety.service';
import { UnreadCounter } from './unread-counter';

/**
 * Notifications and their read models. Push goes through PUSH_DISPATCHER when a module provides it
 * (push/); without one, notifications are only listed and counted.
 */
@Module({
  controllers: [
    ReadModelsConsumer,
    SafetyConsumer,
    MemberErasureConsumer,
    NotificationsConsumer,
    NotificationsController,
  ],
  providers: [
    ReadModelsService,
    SafetyService,
    MemberErasure,
    UnreadCounter,
    NotificationDelivery,
    NotificationWriter,
    PostFanOut,
    NotificationsService,
  ],
  // The reminders' scheduler and the morning messages write their notifications the same way.
  exports: [NotificationDelivery, NotificationWriter],
})
export class NotificationsModule {}
