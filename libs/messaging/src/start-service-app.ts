import { DynamicModule, Type } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { createServiceApp } from '@daybreak/nest-common';
import { ConsumerStatus } from './consumer/consumer-status';
import { KafkaEventServer, KafkaEventServerOptions } from './consumer/kafka-event.server';
import { UnitOfWork } from './outbox/unit-of-work';
import { TopicNames } from './topics';

export interface StartServiceOptions {
  name: string;
  host: string;
  /** 0 picks a free port (tests). */
  port: number;
  serviceTokenSecret?: string;
  logLevel?: string;
  /** Consume events with `@OnEvent` handlers; omit for a service that consumes none. */
  consumer?: Omit<KafkaEventServerOptions, 'clientId' | 'status' | 'unitOfWork' | 'topics'>;
}

export interface RunningService {
  app: NestExpressApplication;
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
    serviceTokenSecret: options.serviceTokenSecret,
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
