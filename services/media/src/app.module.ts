import { DynamicModule, Module } from '@nestjs/common';
import { DatabaseHealthIndicator, DatabaseModule, databaseTimeouts } from '@daybreak/database';
import { KafkaHealthIndicator, MessagingModule } from '@daybreak/messaging';
import { HealthModule, kafkaSecurityOf } from '@daybreak/nest-common';
import { MediaConfig } from './config';
import { ImagesModule } from './images/images.module';
import { MediaObject } from './images/media-object.entity';
import { MediaConfigModule } from './media-config.module';
import { mediaMigrations } from './migrations';
import { PhotoLifecycleModule } from './photo-lifecycle/photo-lifecycle.module';
import { StorageModule } from './storage/storage.module';
import { UploadIntent } from './upload-intents/upload-intent.entity';
import { UploadIntentsModule } from './upload-intents/upload-intents.module';

@Module({})
export class AppModule {
  static forConfig(config: MediaConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        DatabaseModule.forService({
          service: 'media',
          url: config.DATABASE_URL,
          timeouts: databaseTimeouts(config),
          entities: [MediaObject, UploadIntent],
          migrations: mediaMigrations,
        }),
        MessagingModule.forService({
          service: 'media',
          brokers: config.KAFKA_BROKERS,
          security: kafkaSecurityOf(config),
          topicPrefix: config.KAFKA_TOPIC_PREFIX,
          retention: { outboxDays: config.OUTBOX_RETENTION_DAYS, inboxDays: config.INBOX_RETENTION_DAYS },
        }),
        HealthModule.forIndicators([DatabaseHealthIndicator, KafkaHealthIndicator]),
        MediaConfigModule.forConfig(config),
        StorageModule.forConfig(config),
        ImagesModule,
        UploadIntentsModule,
        PhotoLifecycleModule,
      ],
    };
  }
}
