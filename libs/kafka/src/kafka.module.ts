import { DynamicModule, Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import type { HealthIndicator } from '@daybreak/nest-common';
import { Admin, Kafka } from 'kafkajs';
import { ConsumerStatus } from './consumer-status';
import { createKafka } from './kafka-client';
import { OutboxRelay } from './outbox-relay';
import { KAFKA } from './tokens';

@Injectable()
export class KafkaHealthIndicator implements HealthIndicator, OnApplicationShutdown {
  readonly name = 'kafka';
  private admin: Admin | null = null;
  constructor(
    @Inject(KAFKA) private readonly kafka: Kafka,
    private readonly consumer: ConsumerStatus,
  ) {}

  async check(): Promise<void> {
    if (!this.consumer.joined) throw new Error('event consumer has not joined its group');
    try {
      this.admin ??= this.kafka.admin();
      await this.admin.connect();
      await this.admin.describeCluster();
    } catch (error) {
      await this.admin?.disconnect().catch(() => undefined);
      this.admin = null;
      throw error;
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.admin?.disconnect().catch(() => undefined);
  }
}

export interface KafkaModuleOptions {
  clientId: string;
  brokers: string[];
}

/** Kafka for a service: the outbox relay that publishes its events, and a health indicator. */
@Global()
@Module({})
export class KafkaModule {
  static forService(options: KafkaModuleOptions): DynamicModule {
    return {
      module: KafkaModule,
      providers: [
        { provide: KAFKA, useFactory: () => createKafka(options.clientId, options.brokers) },
        OutboxRelay,
        ConsumerStatus,
        KafkaHealthIndicator,
      ],
      exports: [KAFKA, OutboxRelay, ConsumerStatus, KafkaHealthIndicator],
    };
  }
}
