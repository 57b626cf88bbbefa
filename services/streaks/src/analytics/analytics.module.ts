import { Module } from '@nestjs/common';
import { ActiveMembersRetention } from './active-members-retention';
import { AnalyticsConsumer } from './analytics.consumer';
import { AnalyticsController } from './analytics.controller';
import { AnalyticsService } from './analytics.service';

/** Product analytics' intake and daily aggregates (ADR 0033), and the member-days' pruning. */
@Module({
  controllers: [AnalyticsController, AnalyticsConsumer],
  providers: [AnalyticsService, ActiveMembersRetention],
})
export class AnalyticsModule {}
