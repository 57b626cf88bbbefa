import { Controller, Get, Param, Query, UseGuards } from '@nestjs/common';
import type { Post, StreakTestResult } from '@daybreak/contracts';
import { MemberGuard, SessionUser } from '../auth/session';
import { UuidParam } from '../downstream/path-param.pipe';
import { PostsClient } from '../downstream/posts.client';
import { StreaksClient } from '../downstream/streaks.client';
import { READS, RateLimit, RateLimitGuard } from '../security/rate-limit';
import { z } from 'zod';
import { ApiDoc } from '../openapi/api-doc';
import * as s from '../openapi/api-schemas';

/** Data for the SPA's internal test pages (spec §2). */
@Controller('api/test')
@UseGuards(RateLimitGuard)
export class TestPagesController {
  constructor(
    private readonly streaks: StreaksClient,
    private readonly posts: PostsClient,
  ) {}

  /** The empty-feed test page renders the feed's empty state from this. */
  @Get('empty-posts')
  @RateLimit(READS)
  @ApiDoc({ summary: 'The empty feed (a test page)', ok: z.array(s.post), errors: [] })
  emptyPosts(): Post[] {
    return [];
  }

  /**
   * The streak test (members only): streaks computes, posts lends each post's text. A test page with
   * a member's few dozen early posts, so one call per post is acceptable here; a post deleted in
   * between is left out.
   */
  @Get('streak-calculation/:userId')
  @RateLimit(READS)
  @UseGuards(MemberGuard)
  @ApiDoc({ summary: 'The streak test page', ok: s.streakTestResult, errors: [400, 401, 404] })
  async streakCalculation(
    @SessionUser() viewerId: string,
    @Param('userId', UuidParam) userId: string,
    @Query('timezone') timezone?: string,
  ): Promise<StreakTestResult> {
    const result = await this.streaks.streakTest(viewerId, userId, timezone);
    const texts = await Promise.allSettled(
      result.earlyPosts.map((post) => this.posts.findOne(viewerId, post.id)),
    );
    return {
      ...result,
      earlyPosts: result.earlyPosts.flatMap((post, index) => {
        const text = texts[index];
        return text.status === 'fulfilled' ? [{ ...post, content: text.value.content }] : [];
      }),
    };
  }
}
