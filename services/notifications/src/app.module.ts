import { DynamicModule, Module } from '@nestjs/common';
import { DatabaseHealthIndicator, DatabaseModule } from '@daybreak/database';
import { KafkaHealthIndicator, KafkaModule } from '@daybreak/kafka';
import { HealthModule } from '@daybreak/nest-common';
import { NotificationsConfig } from './config';
import { notificationsMigrations } from './migrations';

@Module({})
export class AppModule {
  static forConfig(config: NotificationsConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        DatabaseModule.forService({
          service: 'notifications',
          url: config.DATABASE_URL,
          entities: [],
          migrations: notificationsMigrations,
        }),
        KafkaModule.forService({ clientId: 'notifications', brokers: config.KAFKA_BROKERS }),
        HealthModule.forIndicators([DatabaseHealthIndicator, KafkaHealthIndicator]),
      ],
    };
  }
}
