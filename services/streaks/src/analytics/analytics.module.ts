import { Module } from '@nestjs/common';
import { AnalyticsConsumer } from './analytics.consumer';
import { AnalyticsController } from './analytics.controller';
import { AnalyticsService } from './analytics.service';

/** Product analytics' intake and daily aggregates (ADR 0033). */
@Module({
  controllers: [AnalyticsController, AnalyticsConsumer],
  providers: [AnalyticsService],
})
export class AnalyticsModule {}
