import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EventPayload, Statistics } from '@daybreak/contracts';
import type { Transaction } from '@daybreak/messaging';
import { Repository } from 'typeorm';
import { activityCalendar, computeStreaks, streakDayOf } from './domain/streak-rules';
import { PostDay } from './post-day.entity';
import { EarlyPost } from './early-post.entity';

/** Display zone when a member has told us none (spec §9). */
export const DEFAULT_TIMEZONE = 'America/New_York';

@Injectable()
export class StreaksService {
  constructor(
    @InjectRepository(EarlyPost) private readonly earlyPosts: Repository<EarlyPost>,
    @InjectRepository(PostDay) private readonly postDays: Repository<PostDay>,
  ) {}

  /** Records an early post's streak day; other posts do not count toward streaks. */
  async recordPost(tx: Transaction, post: EventPayload<'post.created'>): Promise<void> {
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
        classification: post.timeClassification,
        postedAt,
        timezone: post.timezone,
      })
      .orIgnore()
      .execute();
  }

  async forgetPost(tx: Transaction, postId: string): Promise<void> {
    await tx.manager.delete(EarlyPost, { postId });
    await tx.manager.delete(PostDay, { postId });
  }

  /** Counts and streaks; "today" is judged in `timeZone`, else the zone of the member's latest early post. */
  async stats(userId: string, timeZone?: string, now = new Date()): Promise<Statistics> {
    const [posts, postDays] = await Promise.all([
      this.earlyPosts.find({ where: { userId }, order: { postedAt: 'DESC' } }),
      this.postDays.find({ where: { userId }, select: { day: true } }),
    ]);
    const zone = timeZone ?? posts[0]?.timezone ?? DEFAULT_TIMEZONE;
    const currentPeriod = streakDayOf(now, zone);
    return {
      fiveAmPostsCount: posts.filter((post) => post.classification === '5am').length,
      sixAmPostsCount: posts.filter((post) => post.classification === '6am').length,
      ...computeStreaks(
        posts.map((post) => post.streakDay),
        currentPeriod,
      ),
      last30DaysActivity: activityCalendar(
        posts.map((post) => ({ day: post.streakDay, classification: post.classification })),
        postDays.map((postDay) => postDay.day),
        currentPeriod,
      ),
    };
  }
}
