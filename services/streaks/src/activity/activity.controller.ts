import { Controller, Get, Param, ParseUUIDPipe, Query } from '@nestjs/common';
import { ZodPipe, timeZoneSchema } from '@daybreak/nest-common';
import { z } from 'zod';
import type { Statistics } from '@daybreak/contracts';
import { ActivityService } from './activity.service';

const statsQuery = z.object({ timezone: timeZoneSchema.optional() });

@Controller('users')
export class ActivityController {
  constructor(private readonly activity: ActivityService) {}

  @Get(':id/stats')
  stats(
    @Param('id', ParseUUIDPipe) userId: string,
    @Query(new ZodPipe(statsQuery)) query: z.infer<typeof statsQuery>,
  ): Promise<Statistics> {
    return this.activity.stats(userId, query.timezone);
  }
}
