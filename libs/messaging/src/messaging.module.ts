import { DynamicModule, Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import type { HealthIndicator, KafkaSecurity } from '@daybreak/nest-common';
import { Admin, Kafka } from 'kafkajs';
import { ConsumerStatus } from './consumer/consumer-status';
import { createKafka } from './kafka-client';
import { OutboxRelay } from './outbox/outbox-relay';
import { OutboxSignal } from './outbox/outbox-signal';
import {
  DEFAULT_MESSAGING_RETENTION,
  MESSAGING_RETENTION,
  MessagingRetention,
  MessagingRetentionJob,
} from './retention/messaging-retention';
import { SERVICE_NAME, UnitOfWork } from './outbox/unit-of-work';
import { KAFKA } from './tokens';
import { TopicNames } from './topics';

/**
 * Kafka as `/health/ready` reports it: the broker answers and the consumer is in its group. Not
 * required: with Kafka down a service still serves, its writes' events wait in the outbox and its
 * consumer catches up once the broker is back (docs/operations.md, "When a part fails").
 */
@Injectable()
export class KafkaHealthIndicator implements HealthIndicator, OnApplicationShutdown {
  readonly name = 'kafka';
  readonly required = false;
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

export interface MessagingModuleOptions {
  /** The service: producer name in every envelope, and the schema whose outbox and inbox it uses. */
  service: string;
  brokers: string[];
  /** TLS and SASL (kafkaSecurityOf); none in development. */
  security?: KafkaSecurity;
  /** This deployment's topic prefix (see TopicNames); empty by default. */
  topicPrefix?: string;
  /** How long served outbox and inbox rows are kept (see MessagingRetention for the inbox's bound). */
  retention?: Partial<MessagingRetention>;
}

/**
 * Events for a service: the unit of work that writes state and outbox rows together, the relay that
 * publishes them, and Kafka's health. Handlers are served by `KafkaEventServer` (startServiceApp).
 */
@Global()
@Module({})
export class MessagingModule {
  static forService(options: MessagingModuleOptions): DynamicModule {
    return {
      module: MessagingModule,
      providers: [
        { provide: SERVICE_NAME, useValue: options.service },
        { provide: KAFKA, useFactory: () => createKafka(options.service, options.brokers, options.security) },
        { provide: TopicNames, useValue: new TopicNames(options.topicPrefix) },
        OutboxSignal,
        UnitOfWork,
        OutboxRelay,
        ConsumerStatus,
        KafkaHealthIndicator,
        {
          provide: MESSAGING_RETENTION,
          useValue: { ...DEFAULT_MESSAGING_RETENTION, ...options.retention },
        },
        MessagingRetentionJob,
      ],
      exports: [
        KAFKA,
        TopicNames,
        UnitOfWork,
        OutboxRelay,
        ConsumerStatus,
        KafkaHealthIndicator,
        MessagingRetentionJob,
        // A service's own tables that must remember events as long as the inbox does size by it.
        MESSAGING_RETENTION,
      ],
    };
  }
}
