import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { EventOf, OnEvent, Transaction } from '@daybreak/messaging';
import { NotificationWriter } from '../notifications/notification-writer';
import { MORNING_MESSAGE_URL, streakAtRiskMessage, weeklyRecapMessage } from './morning-message-text';
import { wantsMorningMessage } from './wants-morning-message';

/**
 * The morning messages streaks decides (streak nudge, weekly recap; ADR 0028), as in-app
 * notifications (type `other`) and pushes that open the app on /create-post. One per member and
 * cause (the streak period, the week), however often its event comes.
 */
@Controller()
export class MorningMessagesConsumer {
  constructor(private readonly writer: NotificationWriter) {}

  @OnEvent('streak.at-risk')
  async onStreakAtRisk(@Payload() event: EventOf<'streak.at-risk'>, @Ctx() tx: Transaction): Promise<void> {
    const { userId, streakLength, streakDay } = event.payload;
    if (!(await wantsMorningMessage(tx.manager, userId, 'streakNudge'))) return;
    await this.writer.fromDaybreak(tx, {
      recipientId: userId,
      message: streakAtRiskMessage(streakLength),
      dedupeKey: `streak-at-risk:${streakDay}`,
      createdAt: event.occurredAt,
      url: MORNING_MESSAGE_URL,
    });
  }

  @OnEvent('leaderboard.week-closed')
  async onWeekClosed(
    @Payload() event: EventOf<'leaderboard.week-closed'>,
    @Ctx() tx: Transaction,
  ): Promise<void> {
    const { userId, earlyMornings, rank, weekStart } = event.payload;
    if (!(await wantsMorningMessage(tx.manager, userId, 'weeklyRecap'))) return;
    await this.writer.fromDaybreak(tx, {
      recipientId: userId,
      message: weeklyRecapMessage(earlyMornings, rank),
      dedupeKey: `week-closed:${weekStart}`,
      createdAt: event.occurredAt,
      url: MORNING_MESSAGE_URL,
    });
  }
}
