import { Controller, Get, Query } from '@nestjs/common';
import type { LeaderboardEntry } from '@daybreak/contracts';
import { CurrentViewer, Viewer, ZodPipe, requireMember } from '@daybreak/nest-common';
import { z } from 'zod';
import { LeaderboardService } from './leaderboard.service';

/** The gateway's limit on a member's recent own changes (OWN_FOLLOW_LIMIT), with room to spare. */
const MAX_OWN_CHANGES = 100;

/** Comma-separated member ids, as the gateway joins them; absent is none. */
const idList = (name: string) =>
  z
    .string()
    .optional()
    .transform((value) => (value ? value.split(',') : []))
    .pipe(z.array(z.uuid({ error: `${name} must list UUIDs.` })).max(MAX_OWN_CHANGES));

const weeklyQuery = z.object({ followed: idList('followed'), unfollowed: idList('unfollowed') });

@Controller('leaderboard')
export class LeaderboardController {
  constructor(private readonly leaderboard: LeaderboardService) {}

  /**
   * The viewer and everyone they follow, ranked for the viewer's week. Members only. `followed` and
   * `unfollowed`: the viewer's own recent changes, which the follow events may not have brought yet
   * (the gateway's OwnFollows); they count over the read model.
   */
  @Get('weekly')
  weekly(
    @CurrentViewer() viewer: Viewer,
    @Query(new ZodPipe(weeklyQuery)) own: z.infer<typeof weeklyQuery>,
  ): Promise<LeaderboardEntry[]> {
    return this.leaderboard.weekly(requireMember(viewer), new Date(), own);
  }
}
