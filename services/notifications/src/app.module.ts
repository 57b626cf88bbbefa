import { DynamicModule, Module } from '@nestjs/common';
import { DatabaseHealthIndicator, DatabaseModule, databaseTimeouts } from '@daybreak/database';
import { KafkaHealthIndicator, MessagingModule } from '@daybreak/messaging';
import { HealthModule, kafkaSecurityOf } from '@daybreak/nest-common';
import { RedisHealthIndicator, RedisModule } from '@daybreak/redis';
import { NotificationsConfig } from './config';
import { notificationsMigrations } from './migrations';
import { PushModule } from './push/push.module';
import { NotificationsModule } from './notifications/notifications.module';
import { RemindersModule } from './reminders/reminders.module';

@Module({})
export class AppModule {
  static forConfig(config: NotificationsConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        DatabaseModule.forService({
          service: 'notifications',
          url: config.DATABASE_URL,
          timeouts: databaseTimeouts(config),
          entities: [],
          migrations: notificationsMigrations,
        }),
        MessagingModule.forService({
          service: 'notifications',
          brokers: config.KAFKA_BROKERS,
          security: kafkaSecurityOf(config),
          topicPrefix: config.KAFKA_TOPIC_PREFIX,
          retention: { outboxDays: config.OUTBOX_RETENTION_DAYS, inboxDays: config.INBOX_RETENTION_DAYS },
        }),
        RedisModule.forRoot(config.REDIS_URL),
        PushModule.forConfig(config),
        HealthModule.forIndicators([DatabaseHealthIndicator, KafkaHealthIndicator, RedisHealthIndicator]),
        NotificationsModule,
        RemindersModule.forConfig(config),
      ],
    };
  }
}
