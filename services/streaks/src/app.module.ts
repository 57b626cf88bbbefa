import { DynamicModule, Module } from '@nestjs/common';
import { DatabaseHealthIndicator, DatabaseModule } from '@daybreak/database';
import { KafkaHealthIndicator, KafkaModule } from '@daybreak/kafka';
import { HealthModule } from '@daybreak/nest-common';
import { ActivityModule } from './activity/activity.module';
import { EarlyPost } from './activity/early-post.entity';
import { PostDay } from './activity/post-day.entity';
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
          entities: [EarlyPost, PostDay],
          migrations: streaksMigrations,
        }),
        KafkaModule.forService({ clientId: 'streaks', brokers: config.KAFKA_BROKERS }),
        HealthModule.forIndicators([DatabaseHealthIndicator, KafkaHealthIndicator]),
        ActivityModule,
      ],
    };
  }
}
