import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { LeaderboardEntry } from '@daybreak/contracts';
import { DataSource } from 'typeorm';
import { DEFAULT_TIMEZONE, MembersService } from '../members/members.service';
import { currentStreakOfRun, streakDayOf } from '../streaks/domain/streak-rules';
import { EarlyDay, countDays, rankLeaderboard, weekAt, weeklyActivity } from './domain/weekly-leaderboard';

/** The viewer and everyone they follow, as a SQL set every query below starts from. */
const BOARD = `SELECT $1::uuid AS user_id UNION SELECT followee_id FROM follows WHERE follower_id = $1`;

interface MemberRow {
  id: string;
  firstName: string | null;
  lastName: string | null;
  profileName: string | null;
  profileImageUrl: string | null;
  zone: string | null;
}

@Injectable()
export class LeaderboardService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly members: MembersService,
  ) {}

  /**
   * The week's ranking of the viewer and the people they follow. Four queries whatever the number
   * followed: the viewer's zone, the members (with their zones), then together their early days this
   * week and each one's current run of streak periods (streak_runs).
   */
  async weekly(viewerId: string, now = new Date()): Promise<LeaderboardEntry[]> {
    const db = this.dataSource.manager;
    const week = weekAt(now, await this.members.zoneOf(db, viewerId));
    const members = await db.query<MemberRow[]>(
      `SELECT b.user_id AS id, m.first_name AS "firstName", m.last_name AS "lastName",
              m.profile_name AS "profileName", m.profile_image_url AS "profileImageUrl",
              coalesce(m.timezone, latest.timezone) AS zone
       FROM (${BOARD}) b
       LEFT JOIN members m ON m.user_id = b.user_id
       LEFT JOIN LATERAL (
         SELECT timezone FROM early_posts e WHERE e.user_id = b.user_id ORDER BY posted_at DESC LIMIT 1
       ) latest ON true`,
      [viewerId],
    );
    // Each member's current streak period, in their own zone: later days (a clock ahead) do not count.
    const periods = members.map((member) => streakDayOf(now, member.zone ?? DEFAULT_TIMEZONE));
    const [days, runs] = await Promise.all([
      db.query<{ id: string; day: string; fiveAm: boolean }[]>(
        `SELECT user_id AS id, to_char(local_day, 'YYYY-MM-DD') AS day, bool_or(classification = '5am') AS "fiveAm"
         FROM early_posts
         WHERE user_id IN (${BOARD}) AND local_day BETWEEN $2 AND $3
         GROUP BY user_id, local_day`,
        [viewerId, week[0], week[6]],
      ),
      // Each member's run of streak periods (streak_runs, kept by MemberHistory) holding their current
      // period or the one before, up to their current period: one row each, whatever their history.
      db.query<{ id: string; lastDay: string; length: number }[]>(
        `SELECT r.user_id AS id, to_char(least(r.last_day, c.period), 'YYYY-MM-DD') AS "lastDay",
                least(r.last_day, c.period) - r.first_day + 1 AS length
         FROM unnest($1::uuid[], $2::date[]) AS c (user_id, period)
         JOIN streak_runs r ON r.user_id = c.user_id AND r.last_day >= c.period - 1 AND r.first_day <= c.period`,
        [members.map((member) => member.id), periods],
      ),
    ]);
    const daysOf = groupBy(days, (row) => row.id);
    const runOf = new Map(runs.map((run) => [run.id, { lastDay: run.lastDay, length: Number(run.length) }]));
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
        currentStreak: currentStreakOfRun(runOf.get(member.id) ?? null, periods[index]),
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
