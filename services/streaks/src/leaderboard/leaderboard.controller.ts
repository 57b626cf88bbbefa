import { Controller, Get } from '@nestjs/common';
import type { LeaderboardEntry } from '@daybreak/contracts';
import { CurrentViewer, Viewer, requireMember } from '@daybreak/nest-common';
import { LeaderboardService } from './leaderboard.service';

@Controller('leaderboard')
export class LeaderboardController {
  constructor(private readonly leaderboard: LeaderboardService) {}

  /** The viewer and everyone they follow, ranked for the viewer's week. Members only. */
  @Get('weekly')
  weekly(@CurrentViewer() viewer: Viewer): Promise<LeaderboardEntry[]> {
    return this.leaderboard.weekly(requireMember(viewer));
  }
}
