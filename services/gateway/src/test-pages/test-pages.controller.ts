import { Controller, Get, Param, Query, UseGuards } from '@nestjs/common';
import type { Post, StreakTestResult } from '@daybreak/contracts';
import { MemberGuard, SessionUser } from '../auth/session-user';
import { UuidParam } from '../downstream/path-param.pipe';
import { PostsClient } from '../downstream/posts.client';
import { StreaksClient } from '../downstream/streaks.client';
import { READS, RateLimit } from '../security/rate-limit';
import { z } from 'zod';
import { ApiDoc } from '../openapi/api-doc';
import * as s from '../openapi/api-schemas';

/** Data for the SPA's internal test pages (spec §2). */
@Controller('api/test')
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
   * The streak test (members only): streaks computes, posts lends the texts of the listed posts (the
   * newest STREAK_TEST_POST_LIMIT) in one call; a post deleted in between is left out.
   */
  @Get('streak-calculation/:userId')
  // Tighter than READS: each request walks the member's history of mornings (see StreaksService).
  @RateLimit({ name: 'streak-test', limit: 30, windowSeconds: 60 })
  @UseGuards(MemberGuard)
  @ApiDoc({ summary: 'The streak test page', ok: s.streakTestResult, errors: [400, 401, 404] })
  async streakCalculation(
    @SessionUser() viewerId: string,
    @Param('userId', UuidParam) userId: string,
    @Query('timezone') timezone?: string,
  ): Promise<StreakTestResult> {
    const result = await this.streaks.streakTest(viewerId, userId, timezone);
    const ids = result.earlyPosts.map((post) => post.id);
    const texts = new Map(
      (ids.length > 0 ? await this.posts.texts(viewerId, ids) : []).map((post) => [post.id, post.content]),
    );
    return {
      ...result,
      earlyPosts: result.earlyPosts.flatMap((post) => {
        const content = texts.get(post.id);
        return content === undefined ? [] : [{ ...post, content }];
      }),
    };
  }
}
