import { DynamicModule, Type } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { type KafkaSecurityConfig, createServiceApp, kafkaSecurityOf } from '@daybreak/nest-common';
import { ConsumerStatus } from './consumer/consumer-status';
import { KafkaEventServer, KafkaEventServerOptions } from './consumer/kafka-event.server';
import { UnitOfWork } from './outbox/unit-of-work';
import { TopicNames } from './topics';

export interface StartServiceOptions {
  name: string;
  host: string;
  /** 0 picks a free port (tests). */
  port: number;
  identityPublicKey?: string;
  logLevel?: string;
  /** Consume events with `@OnEvent` handlers; omit for a service that consumes none. */
  consumer?: Omit<KafkaEventServerOptions, 'clientId' | 'status' | 'unitOfWork' | 'topics'>;
}

export interface RunningService {
  app: NestFastifyApplication;
  /** Base URL the service listens on, e.g. http://127.0.0.1:3001. */
  url: string;
  events: KafkaEventServer | null;
}

/** Boots a service the same way in production and in integration tests. */
export async function startServiceApp(
  module: Type<unknown> | DynamicModule,
  options: StartServiceOptions,
): Promise<RunningService> {
  const app = await createServiceApp(module, {
    name: options.name,
    identityPublicKey: options.identityPublicKey,
    logLevel: options.logLevel,
  });
  let events: KafkaEventServer | null = null;
  if (options.consumer) {
    events = new KafkaEventServer({
      clientId: options.name,
      status: app.get(ConsumerStatus),
      unitOfWork: app.get(UnitOfWork),
      topics: app.get(TopicNames),
      ...options.consumer,
    });
    app.connectMicroservice({ strategy: events }, { inheritAppConfig: true });
    await app.startAllMicroservices();
  }
  await app.listen(options.port, options.host);
  const address = app.getHttpServer().address() as { port: number };
  return { app, url: `http://${options.host}:${address.port}`, events };
}

/** What every service's validated config holds (libs/nest-common baseConfigSchema + kafkaConfigShape). */
interface ServiceConfig extends KafkaSecurityConfig {
  HOST: string;
  PORT: number;
  IDENTITY_PUBLIC_KEY: string;
  LOG_LEVEL: string;
  KAFKA_BROKERS: string[];
  /** Consumer group; every process of the service shares it (default: the service's name). */
  KAFKA_GROUP_ID?: string;
}

/**
 * A service's whole `main.ts`: validates its config, boots it (consuming its `@OnEvent` handlers when
 * `consumes` is true, or returns true for the config, e.g. a role), and on any failure prints the
 * reason and exits, so an orchestrator restarts it.
 */
export function runService<C extends ServiceConfig>(
  name: string,
  loadConfig: () => C,
  moduleFor: (config: C) => DynamicModule,
  options: { consumes?: boolean | ((config: C) => boolean) } = {},
): void {
  const boot = async () => {
    const config = loadConfig();
    const consumes = typeof options.consumes === 'function' ? options.consumes(config) : options.consumes;
    await startServiceApp(moduleFor(config), {
      name,
      host: config.HOST,
      port: config.PORT,
      identityPublicKey: config.IDENTITY_PUBLIC_KEY,
      logLevel: config.LOG_LEVEL,
      consumer: consumes
        ? {
            brokers: config.KAFKA_BROKERS,
            security: kafkaSecurityOf(config),
            groupId: config.KAFKA_GROUP_ID ?? name,
          }
        : undefined,
    });
  };
  boot().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
