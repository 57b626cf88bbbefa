import { Module } from '@nestjs/common';
import { NotificationsModule } from '../notifications/notifications.module';
import { MorningMessagesConsumer } from './morning-messages.consumer';
import { MorningMessagesService } from './morning-messages.service';

/** The streak nudge and the weekly recap, from streaks' events (worker role). */
@Module({
  imports: [NotificationsModule],
  controllers: [MorningMessagesConsumer],
  providers: [MorningMessagesService],
})
export class MorningMessagesModule {}
