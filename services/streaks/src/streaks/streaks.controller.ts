import { Controller, Get, Param, ParseUUIDPipe, Query } from '@nestjs/common';
import { ZodPipe, timeZoneSchema } from '@daybreak/nest-common';
import { z } from 'zod';
import type { Statistics } from '@daybreak/contracts';
import { StreaksService } from './streaks.service';

const statsQuery = z.object({ timezone: timeZoneSchema.optional() });

@Controller('users')
export class StreaksController {
  constructor(private readonly streaks: StreaksService) {}

  @Get(':id/stats')
  stats(
    @Param('id', ParseUUIDPipe) userId: string,
    @Query(new ZodPipe(statsQuery)) query: z.infer<typeof statsQuery>,
  ): Promise<Statistics> {
    return this.streaks.stats(userId, query.timezone);
  }
}
