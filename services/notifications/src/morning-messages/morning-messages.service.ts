import { Injectable } from '@nestjs/common';
import type { EventOf, Transaction } from '@daybreak/messaging';
import { NotificationWriter } from '../notifications/notification-writer';
import { MORNING_MESSAGE_URL, streakAtRiskMessage, weeklyRecapMessage } from './morning-message-text';
import { wantsMorningMessage } from './wants-morning-message';

/**
 * The morning messages streaks decides (streak nudge, weekly recap; ADR 0028), as in-app
 * notifications (type `other`) and pushes that open the app on /create-post, for members whose
 * Mornings settings keep them on. One per member and cause (the streak period, the week), however
 * often its event comes.
 */
@Injectable()
export class MorningMessagesService {
  constructor(private readonly writer: NotificationWriter) {}

  async streakAtRisk(tx: Transaction, event: EventOf<'streak.at-risk'>): Promise<void> {
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

  async weekClosed(tx: Transaction, event: EventOf<'leaderboard.week-closed'>): Promise<void> {
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
