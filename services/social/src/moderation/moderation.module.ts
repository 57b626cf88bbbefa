import { Module } from '@nestjs/common';
import { ModerationController } from './moderation.controller';
import { ModerationService } from './moderation.service';
import { ReportsService } from './reports.service';

/** Reports, the moderators' decisions and their audit log (issue 42, ADR 0025). */
@Module({
  controllers: [ModerationController],
  providers: [ReportsService, ModerationService],
})
export class ModerationModule {}
