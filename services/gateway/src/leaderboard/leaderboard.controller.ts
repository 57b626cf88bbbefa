import { Controller, Get, UseGuards } from '@nestjs/common';
import type { LeaderboardEntry } from '@daybreak/contracts';
import { MemberGuard, SessionUser } from '../auth/session-user';
import { StreaksClient } from '../downstream/streaks.client';
import { OwnFollows } from './own-follows';
import { READS, RateLimit } from '../security/rate-limit';
import { z } from 'zod';
import { ApiDoc } from '../openapi/api-doc';
import * as s from '../openapi/api-schemas';

@Controller('api/following/leaderboard')
export class LeaderboardController {
  constructor(
    private readonly streaks: StreaksClient,
    private readonly ownFollows: OwnFollows,
  ) {}

  /**
   * The signed-in member and everyone they follow, ranked for this week (members only). The member's
   * own follows and unfollows of the last minute go along, so the ranking shows them at once (OwnFollows).
   */
  @Get('weekly')
  @RateLimit(READS)
  @UseGuards(MemberGuard)
  @ApiDoc({
    summary: "This week's ranking among you and whom you follow",
    ok: z.array(s.leaderboardEntry),
    errors: [401],
  })
  async weekly(@SessionUser() viewerId: string): Promise<LeaderboardEntry[]> {
    return this.streaks.weeklyLeaderboard(viewerId, await this.ownFollows.recent(viewerId));
  }
}
