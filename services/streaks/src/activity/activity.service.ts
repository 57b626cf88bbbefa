import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EventEnvelope, EventPayload } from '@daybreak/contracts';
import { UnitOfWork } from '@daybreak/database';
import { Repository } from 'typeorm';
import { computeStreaks, streakDayOf } from './domain/streak-rules';
import { EarlyPost } from './early-post.entity';

export interface StreakStats {
  fiveAmPostsCount: number;
  sixAmPostsCount: number;
  currentStreak: number;
  longestStreak: number;
}

/** Display zone when a member has told us none (spec §9). */
export const DEFAULT_TIMEZONE = 'America/New_York';

@Injectable()
export class ActivityService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    @InjectRepository(EarlyPost) private readonly earlyPosts: Repository<EarlyPost>,
  ) {}

  /** Records an early post's streak day; other posts do not count toward streaks. */
  recordPost(event: EventEnvelope<EventPayload<'post.created'>>): Promise<void> {
    return this.unitOfWork.run(async (tx) => {
      if (!(await tx.markProcessed(event, 'activity.post-created'))) return;
      const post = event.payload;
      if (post.timeClassification === 'none') return;
      const postedAt = new Date(post.createdAt);
      await tx.manager
        .createQueryBuilder()
        .insert()
        .into(EarlyPost)
        .values({
          postId: post.postId,
          userId: post.authorId,
          streakDay: streakDayOf(postedAt, post.timezone),
          classification: post.timeClassification,
          postedAt,
          timezone: post.timezone,
        })
        .orIgnore()
        .execute();
    });
  }

  forgetPost(event: EventEnvelope<EventPayload<'post.deleted'>>): Promise<void> {
    return this.unitOfWork.run(async (tx) => {
      if (!(await tx.markProcessed(event, 'activity.post-deleted'))) return;
      await tx.manager.delete(EarlyPost, { postId: event.payload.postId });
    });
  }

  /** Counts and streaks; "today" is judged in `timeZone`, else the zone of the member's latest early post. */
  async stats(userId: string, timeZone?: string, now = new Date()): Promise<StreakStats> {
    const posts = await this.earlyPosts.find({ where: { userId }, order: { postedAt: 'DESC' } });
    const zone = timeZone ?? posts[0]?.timezone ?? DEFAULT_TIMEZONE;
    const streaks = computeStreaks(
      posts.map((post) => post.streakDay),
      streakDayOf(now, zone),
    );
    return {
      fiveAmPostsCount: posts.filter((post) => post.classification === '5am').length,
      sixAmPostsCount: posts.filter((post) => post.classification === '6am').length,
      ...streaks,
    };
  }
}
