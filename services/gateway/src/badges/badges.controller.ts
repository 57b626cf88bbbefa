import { Controller, Get, Param, Query } from '@nestjs/common';
import type { Badge } from '@daybreak/contracts';
import { SessionUser } from '../auth/session-user';
import { UuidParam } from '../downstream/path-param.pipe';
import { StreaksClient } from '../downstream/streaks.client';
import { READS, RateLimit } from '../security/rate-limit';
import { z } from 'zod';
import { ApiDoc } from '../openapi/api-doc';
import * as s from '../openapi/api-schemas';

/** Badges (spec §7); the badges of one post are under /api/posts/{id}/badges. */
@Controller('api')
export class BadgesController {
  constructor(private readonly streaks: StreaksClient) {}

  /**
   * Every badge. Each carries the standing (earnedAt, progress, target) of `userId` if given, else
   * of the signed-in member, so a profile can show its upcoming badges and next targets.
   */
  @Get('badges')
  @RateLimit(READS)
  @ApiDoc({ summary: "Every badge, with a member's standing", ok: z.array(s.badge), errors: [400, 404] })
  catalogue(@SessionUser() viewerId: string | null, @Query('userId') userId?: string): Promise<Badge[]> {
    const member =
      userId === undefined ? undefined : UuidParam.transform(userId, { type: 'query', data: 'userId' });
    return this.streaks.catalogue(viewerId, member);
  }

  /** The member's earned badges, with earnedAt, in the order earned. */
  @Get('profile/:userId/badges')
  @RateLimit(READS)
  @ApiDoc({ summary: "A member's earned badges", ok: z.array(s.badge), errors: [400, 404] })
  earned(
    @SessionUser() viewerId: string | null,
    @Param('userId', UuidParam) userId: string,
  ): Promise<Badge[]> {
    return this.streaks.earnedBy(viewerId, userId);
  }
}
