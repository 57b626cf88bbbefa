import { DynamicModule, Module } from '@nestjs/common';
import { DatabaseHealthIndicator, DatabaseModule, databaseTimeouts } from '@daybreak/database';
import { KafkaHealthIndicator, MessagingModule } from '@daybreak/messaging';
import { HealthModule, kafkaSecurityOf } from '@daybreak/nest-common';
import { StreaksModule } from './streaks/streaks.module';
import { BadgesModule } from './badges/badges.module';
import { LeaderboardModule } from './leaderboard/leaderboard.module';
import { MembersModule } from './members/members.module';
import { MorningModule } from './morning/morning.module';
import { AnalyticsModule } from './analytics/analytics.module';
import { EarlyPost } from './streaks/early-post.entity';
import { PostDay } from './streaks/post-day.entity';
import { StreaksConfig } from './config';
import { streaksMigrations } from './migrations';

@Module({})
export class AppModule {
  static forConfig(config: StreaksConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        DatabaseModule.forService({
          service: 'streaks',
          url: config.DATABASE_URL,
          timeouts: databaseTimeouts(config),
          entities: [EarlyPost, PostDay],
          migrations: streaksMigrations,
        }),
        MessagingModule.forService({
          service: 'streaks',
          brokers: config.KAFKA_BROKERS,
          security: kafkaSecurityOf(config),
          topicPrefix: config.KAFKA_TOPIC_PREFIX,
          retention: { outboxDays: config.OUTBOX_RETENTION_DAYS, inboxDays: config.INBOX_RETENTION_DAYS },
        }),
        HealthModule.forIndicators([DatabaseHealthIndicator, KafkaHealthIndicator]),
        MembersModule,
        StreaksModule,
        BadgesModule,
        LeaderboardModule,
        AnalyticsModule,
        MorningModule.forOptions({ tickSeconds: config.MORNING_TICK_SECONDS, clock: () => new Date() }),
      ],
    };
  }
}
