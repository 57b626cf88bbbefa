import { Injectable } from '@nestjs/common';
import { addDays } from '@daybreak/contracts';
import type { Transaction } from '@daybreak/messaging';
import { LeaderboardService } from '../leaderboard/leaderboard.service';
import { MembersService } from '../members/members.service';
import { streakDayOf } from '../streaks/domain/streak-rules';
import { MemberHistory } from '../streaks/member-history';
import { earlyDaysBetween } from '../streaks/streaks.queries';
import { deservesNudge } from './domain/morning-decisions';
import { firstInstantAt } from './domain/due-times';
import type { MorningKind } from './morning-schedule.queries';

const DAY_MS = 86_400_000;

/**
 * What streaks tells a member in the morning (ADR 0028): decided from the streak data here, published
 * per member through the outbox in the scheduler's transaction; notifications words and pushes it.
 */
@Injectable()
export class MorningMessages {
  constructor(
    private readonly members: MembersService,
    private readonly history: MemberHistory,
    private readonly leaderboard: LeaderboardService,
  ) {}

  /** Decides and publishes the member's message of `kind` due now; nothing when none is deserved. */
  publishDue(tx: Transaction, kind: MorningKind, userId: string, now: Date): Promise<void> {
    return kind === 'streak-nudge' ? this.nudge(tx, userId, now) : this.recap(tx, userId, now);
  }

  /** 06:10: `streak.at-risk` when the streak (3+) ends at 06:30 unless the member posts. */
  private async nudge(tx: Transaction, userId: string, now: Date): Promise<void> {
    const zone = await this.members.zoneOf(tx.manager, userId);
    const period = streakDayOf(now, zone);
    const streak = await this.history.streakAt(tx.manager, userId, period);
    const postedToday = (await earlyDaysBetween(tx.manager, userId, period, period)).length > 0;
    if (!deservesNudge({ ...streak, postedToday })) return;
    tx.publish(
      'streak.at-risk',
      {
        userId,
        streakLength: streak.currentStreak,
        streakDay: period,
        endsAt: firstInstantAt(addDays(period, 1), 6, 30, zone).toISOString(),
      },
      { actorId: null },
    );
  }

  /**
   * Monday 07:00: `leaderboard.week-closed` with the week just ended as the member's leaderboard had
   * it on its last day (their early mornings, their rank among the people they follow). Not for a
   * week without an early morning: a recap of nothing is noise (ADR 0028).
   */
  private async recap(tx: Transaction, userId: string, now: Date): Promise<void> {
    const board = await this.leaderboard.weekly(userId, new Date(now.getTime() - DAY_MS));
    const rank = board.findIndex((entry) => entry.isCurrentUser);
    const own = board[rank];
    const earlyMornings = own.fiveAmDaysThisWeek + own.sixAmDaysThisWeek;
    if (earlyMornings === 0) return;
    tx.publish(
      'leaderboard.week-closed',
      {
        userId,
        earlyMornings,
        rank: rank + 1,
        boardSize: board.length,
        weekStart: own.weeklyData[0].date,
      },
      { actorId: null },
    );
  }
}
