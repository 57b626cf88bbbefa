import { Controller, Get, UseGuards } from '@nestjs/common';
import type { LeaderboardEntry } from '@daybreak/contracts';
import { MemberGuard, SessionUser } from '../auth/session';
import { StreaksClient } from '../downstream/streaks.client';

@Controller('api/following/leaderboard')
export class LeaderboardController {
  constructor(private readonly streaks: StreaksClient) {}

  /** The signed-in member and everyone they follow, ranked for this week (members only). */
  @Get('weekly')
  @UseGuards(MemberGuard)
  weekly(@SessionUser() viewerId: string): Promise<LeaderboardEntry[]> {
    return this.streaks.weeklyLeaderboard(viewerId);
  }
}
