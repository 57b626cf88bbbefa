import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { LeaderboardEntry } from '@daybreak/contracts';
import { DataSource } from 'typeorm';
import { DEFAULT_TIMEZONE, MembersService } from '../members/members.service';
import { streakDayOf } from '../streaks/domain/streak-rules';
import { StreakIsland, streakAtPeriod } from '../streaks/domain/streak-islands';
import { EarlyDay, countDays, rankLeaderboard, weekAt, weeklyActivity } from './domain/weekly-leaderboard';
import { OwnFollowChanges, boardDays, boardMembers, latestIslands } from './leaderboard.queries';

const NO_CHANGES: OwnFollowChanges = { followed: [], unfollowed: [] };

@Injectable()
export class LeaderboardService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly members: MembersService,
  ) {}

  /**
   * The week's ranking of the viewer and the people they follow. Four queries whatever the number
   * followed: the viewer's zone, the members (with their zones), then together their early days this
   * week and each one's last island of streak periods (streak_runs), which gives their current streak.
   * `own`: the viewer's recent follows and unfollows, counted over the follow read model until their
   * events arrive.
   */
  async weekly(
    viewerId: string,
    now = new Date(),
    own: OwnFollowChanges = NO_CHANGES,
  ): Promise<LeaderboardEntry[]> {
    const db = this.dataSource.manager;
    const board = { viewerId, ...own };
    const week = weekAt(now, await this.members.zoneOf(db, viewerId));
    const members = await boardMembers(db, board);
    // Each member's current streak period, in their own zone: later days (a clock ahead) do not count.
    const periods = members.map((member) => streakDayOf(now, member.zone ?? DEFAULT_TIMEZONE));
    const [days, islands] = await Promise.all([
      boardDays(db, board, week[0], week[6]),
      latestIslands(
        db,
        members.map((member, index) => ({ id: member.id, period: periods[index] })),
      ),
    ]);
    const daysOf = groupBy(days, (row) => row.id);
    const islandOf = new Map<string, StreakIsland>(islands.map(({ id, ...island }) => [id, island]));
    const entries = members.map(({ zone: _zone, ...member }, index): LeaderboardEntry => {
      const earlyDays = (daysOf.get(member.id) ?? []).map((row): EarlyDay => ({
        day: row.day,
        classification: row.fiveAm ? '5am' : '6am',
      }));
      const weeklyData = weeklyActivity(week, earlyDays);
      return {
        ...member,
        // Streaks knows no addresses (events carry none), so a nameless member is listed as 'User'.
        email: null,
        isCurrentUser: member.id === viewerId,
        fiveAmDaysThisWeek: countDays(weeklyData, '5am'),
        sixAmDaysThisWeek: countDays(weeklyData, '6am'),
        currentStreak: streakAtPeriod(islandOf.get(member.id) ?? null, periods[index]).currentStreak,
        weeklyData,
      };
    });
    return rankLeaderboard(entries);
  }
}

function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return groups;
}
