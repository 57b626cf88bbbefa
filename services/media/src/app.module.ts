import { DynamicModule, Module } from '@nestjs/common';
import { DatabaseHealthIndicator, DatabaseModule } from '@daybreak/database';
import { KafkaHealthIndicator, KafkaModule } from '@daybreak/kafka';
import { HealthModule } from '@daybreak/nest-common';
import { MediaConfig } from './config';
import { mediaMigrations } from './migrations';

@Module({})
export class AppModule {
  static forConfig(config: MediaConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        DatabaseModule.forService({ service: 'media', url: config.DATABASE_URL, entities: [], migrations: mediaMigrations }),
        KafkaModule.forService({ clientId: 'media', brokers: config.KAFKA_BROKERS }),
        HealthModule.forIndicators([DatabaseHealthIndicator, KafkaHealthIndicator]),
      ],
    };
  }
}
