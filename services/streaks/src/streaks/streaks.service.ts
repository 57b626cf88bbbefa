import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  EventPayload,
  addDays,
  STREAK_TEST_POST_LIMIT,
  Statistics,
  StreakTestPost,
  StreakTestResult,
  localDateTime,
  toCalendarDate,
} from '@daybreak/contracts';
import type { Transaction } from '@daybreak/messaging';
import { DataSource } from 'typeorm';
import { MembersService } from '../members/members.service';
import { MemberHistory, lockMemberHistory } from './member-history';
import { activityCalendar, streakDayOf } from './domain/streak-rules';
import { walkStreak } from './domain/streak-freeze';
import { PostDay } from './post-day.entity';
import { EarlyPost } from './early-post.entity';
import {
  earlyDaysBetween,
  earlyPostCounts,
  earlyQuarterHours,
  hasTombstone,
  insertTombstone,
  postingDaysBetween,
} from './streaks.queries';

/** The streak test's early posts, without the text, which the posts service owns. */
export type StreakTestPostWithoutContent = Omit<StreakTestPost, 'content'>;
export type StreakTestAnswer = Omit<StreakTestResult, 'earlyPosts'> & {
  earlyPosts: StreakTestPostWithoutContent[];
};

const pad = (value: number) => String(value).padStart(2, '0');

/** The activity calendar's periods (spec: the last 30 days). */
const CALENDAR_DAYS = 30;

@Injectable()
export class StreaksService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly members: MembersService,
    private readonly history: MemberHistory,
  ) {}

  /**
   * Records a post's streak day (and, for an early post, its classification). Idempotent by post id;
   * a post already deleted (its tombstone exists) is not recorded.
   */
  async recordPost(tx: Transaction, post: EventPayload<'post.created'>): Promise<void> {
    if (await hasTombstone(tx.manager, post.postId)) return;
    const postedAt = new Date(post.createdAt);
    const day = streakDayOf(postedAt, post.timezone);
    await tx.manager
      .createQueryBuilder()
      .insert()
      .into(PostDay)
      .values({ postId: post.postId, userId: post.authorId, day })
      .orIgnore()
      .execute();
    // Only early-morning posts count toward streaks.
    if (post.timeClassification === 'none') return;
    await tx.manager
      .createQueryBuilder()
      .insert()
      .into(EarlyPost)
      .values({
        postId: post.postId,
        userId: post.authorId,
        streakDay: day,
        localDay: toCalendarDate(localDateTime(postedAt, post.timezone)),
        classification: post.timeClassification,
        postedAt,
        timezone: post.timezone,
      })
      .orIgnore()
      .execute();
  }

  /**
   * Forgets a post, and leaves a tombstone in case its post.created has not been processed yet. The
   * author's lock comes before their rows, as when a post is recorded (PostActivityService).
   */
  async forgetPost(
    tx: Transaction,
    post: Pick<EventPayload<'post.deleted'>, 'postId' | 'authorId'>,
  ): Promise<void> {
    await lockMemberHistory(tx, post.authorId);
    await insertTombstone(tx.manager, post.postId);
    await tx.manager.delete(EarlyPost, { postId: post.postId });
    await tx.manager.delete(PostDay, { postId: post.postId });
    await this.history.refresh(tx, post.authorId);
  }

  /**
   * Counts, streaks and freezes; "today" is judged in `timeZone` if given, else in the member's own
   * zone. Reads the member's aggregates and the calendar's 30 periods only, whatever their history.
   */
  async stats(userId: string, timeZone?: string, now = new Date()): Promise<Statistics> {
    const manager = this.dataSource.manager;
    const currentPeriod = streakDayOf(now, timeZone ?? (await this.members.zoneOf(manager, userId)));
    const firstDay = addDays(currentPeriod, 1 - CALENDAR_DAYS);
    const [totals, { streak, frozenDays }, earlyDays, postingDays] = await Promise.all([
      this.history.totals(manager, userId),
      this.history.streakWithFrozenDays(manager, userId, firstDay, currentPeriod),
      earlyDaysBetween(manager, userId, firstDay, currentPeriod),
      postingDaysBetween(manager, userId, firstDay, currentPeriod),
    ]);
    return {
      fiveAmPostsCount: totals.fiveAmPosts,
      sixAmPostsCount: totals.sixAmPosts,
      currentStreak: streak.currentStreak,
      longestStreak: totals.longestStreak,
      freezesHeld: streak.freezesHeld,
      last30DaysActivity: activityCalendar(
        earlyDays.map(({ day, fiveAm }) => ({ day, classification: fiveAm ? '5am' : '6am' })),
        postingDays,
        currentPeriod,
        CALENDAR_DAYS,
        frozenDays,
      ),
    };
  }

  /**
   * The streak test page: the member's newest early posts (STREAK_TEST_POST_LIMIT, as classified
   * when posted) with their wall clock in `timeZone`, and the streaks and counts of all of them as
   * they come out when every day is judged in that zone. The zone is the caller's, so no stored day
   * will do: the history is read as the distinct quarter hours it was posted in (every zone's
   * offset is a whole number of quarter hours, so a quarter hour falls in one streak period in any
   * zone), a few a morning however many posts, and counted by Postgres.
   */
  async streakTest(userId: string, timeZone: string, now = new Date()): Promise<StreakTestAnswer> {
    const manager = this.dataSource.manager;
    const [newest, quarterHours, counts, user] = await Promise.all([
      manager.find(EarlyPost, {
        where: { userId },
        order: { postedAt: 'DESC' },
        take: STREAK_TEST_POST_LIMIT,
      }),
      earlyQuarterHours(manager, userId),
      earlyPostCounts(manager, userId),
      this.members.summaryOf(manager, userId),
    ]);
    const { currentStreak, longestStreak, freezesHeld, freezesEarned, freezesUsed } = walkStreak(
      quarterHours.map((postedAt) => streakDayOf(postedAt, timeZone)),
      streakDayOf(now, timeZone),
    );
    return {
      user,
      timezone: timeZone,
      currentStats: {
        currentStreak,
        longestStreak,
        fiveAmPostsCount: counts.fiveAm,
        sixAmPostsCount: counts.sixAm,
        freezesHeld,
        freezesEarned,
        freezesUsed,
      },
      earlyPosts: newest.map((post) => {
        const local = localDateTime(post.postedAt, timeZone);
        return {
          id: post.postId,
          date: toCalendarDate(local),
          localTime: `${pad(local.hour)}:${pad(local.minute)}`,
          timeClassification: post.classification,
        };
      }),
    };
  }
}
