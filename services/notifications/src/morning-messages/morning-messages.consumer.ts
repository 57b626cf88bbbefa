import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { EventOf, OnEvent, Transaction } from '@daybreak/messaging';
import { MorningMessagesService } from './morning-messages.service';

/** Streaks' morning messages (ADR 0028), turned into notifications by MorningMessagesService. */
@Controller()
export class MorningMessagesConsumer {
  constructor(private readonly messages: MorningMessagesService) {}

  @OnEvent('streak.at-risk')
  onStreakAtRisk(@Payload() event: EventOf<'streak.at-risk'>, @Ctx() tx: Transaction): Promise<void> {
    return this.messages.streakAtRisk(tx, event);
  }

  @OnEvent('leaderboard.week-closed')
  onWeekClosed(@Payload() event: EventOf<'leaderboard.week-closed'>, @Ctx() tx: Transaction): Promise<void> {
    return this.messages.weekClosed(tx, event);
  }
}
