import { Controller, Get, Param, ParseUUIDPipe, Query } from '@nestjs/common';
import { CurrentViewer, Viewer, ZodPipe, requireMember, timeZoneSchema } from '@daybreak/nest-common';
import { z } from 'zod';
import type { Statistics } from '@daybreak/contracts';
import { StreakTestAnswer, StreaksService } from './streaks.service';

const timezoneQuery = z.object({ timezone: timeZoneSchema.optional() });
const requiredTimezoneQuery = z.object({ timezone: timeZoneSchema });

@Controller('users')
export class StreaksController {
  constructor(private readonly streaks: StreaksService) {}

  @Get(':id/stats')
  stats(
    @Param('id', ParseUUIDPipe) userId: string,
    @Query(new ZodPipe(timezoneQuery)) query: z.infer<typeof timezoneQuery>,
  ): Promise<Statistics> {
    return this.streaks.stats(userId, query.timezone);
  }

  /** The streak test page (spec §2): members only. */
  @Get(':id/streak-test')
  streakTest(
    @Param('id', ParseUUIDPipe) userId: string,
    @Query(new ZodPipe(requiredTimezoneQuery)) query: z.infer<typeof requiredTimezoneQuery>,
    @CurrentViewer() viewer: Viewer,
  ): Promise<StreakTestAnswer> {
    requireMember(viewer);
    return this.streaks.streakTest(userId, query.timezone);
  }
}
