import { Controller, Get, Param } from '@nestjs/common';
import type { Statistics } from '@daybreak/contracts';
import { SessionUser } from '../auth/session';
import { UuidParam } from '../downstream/path-param.pipe';
import { StreaksClient } from '../downstream/streaks.client';

/** Profile screens. Only the statistics exist so far (the home greeting's streak badge reads them). */
@Controller('api/profile')
export class ProfileController {
  constructor(private readonly streaks: StreaksClient) {}

  @Get(':userId/statistics')
  statistics(
    @SessionUser() viewerId: string | null,
    @Param('userId', UuidParam) userId: string,
  ): Promise<Statistics> {
    return this.streaks.statistics(viewerId, userId);
  }
}
