import { Controller, Get, UseGuards } from '@nestjs/common';
import type { LeaderboardEntry } from '@daybreak/contracts';
import { MemberGuard, SessionUser } from '../auth/session-user';
import { StreaksClient } from '../downstream/streaks.client';
import { READS, RateLimit } from '../security/rate-limit';
import { z } from 'zod';
import { ApiDoc } from '../openapi/api-doc';
import * as s from '../openapi/api-schemas';

@Controller('api/following/leaderboard')
export class LeaderboardController {
  constructor(private readonly streaks: StreaksClient) {}

  /** The signed-in member and everyone they follow, ranked for this week (members only). */
  @Get('weekly')
  @RateLimit(READS)
  @UseGuards(MemberGuard)
  @ApiDoc({
    summary: "This week's ranking among you and whom you follow",
    ok: z.array(s.leaderboardEntry),
    errors: [401],
  })
  weekly(@SessionUser() viewerId: string): Promise<LeaderboardEntry[]> {
    return this.streaks.weeklyLeaderboard(viewerId);
  }
}
