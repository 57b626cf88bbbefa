import { Module } from '@nestjs/common';
import { NotificationsModule } from '../notifications/notifications.module';
import { MorningMessagesConsumer } from './morning-messages.consumer';

/** The streak nudge and the weekly recap, from streaks' events (worker role). */
@Module({
  imports: [NotificationsModule],
  controllers: [MorningMessagesConsumer],
})
export class MorningMessagesModule {}
