import { DynamicModule, INestApplication, Type } from '@nestjs/common';
import { NestFactory, Reflector } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { httpObservabilityMiddleware, metricsEndpoint } from '@daybreak/observability';
import { DomainErrorFilter } from '../errors/domain-error.filter';
import { IdentityGuard } from '../identity/identity.guard';
import { correlationMiddleware } from '../logging/correlation.middleware';
import { PinoNestLogger, createPinoLogger } from '../logging/logger';
import { stopGracefullyOnSignals } from './graceful-shutdown';

export interface ServiceAppOptions {
  /** Service name, used in logs and events. */
  name: string;
  /** The gateway's public key, which verifies its identity tokens; omit for the gateway itself. */
  identityPublicKey?: string;
  logLevel?: string;
}

/** Creates a Nest app with the plumbing every service shares: logs, metrics, correlation ids, errors, identity. */
export async function createServiceApp(
  module: Type<unknown> | DynamicModule,
  options: ServiceAppOptions,
): Promise<NestExpressApplication> {
  const logger = new PinoNestLogger(createPinoLogger(options.name, options.logLevel));
  const app = await NestFactory.create<NestExpressApplication>(module, { logger, bufferLogs: true });
  configureServiceApp(app, options);
  return app;
}

/** Split out so integration tests that build the app from a testing module get the same plumbing. */
export function configureServiceApp(app: INestApplication, options: ServiceAppOptions): void {
  // Prometheus scrapes every process directly on its own port (never through the gateway's /api).
  app.use(metricsEndpoint());
  app.use(httpObservabilityMiddleware);
  app.use(correlationMiddleware);
  app.useGlobalFilters(new DomainErrorFilter());
  if (options.identityPublicKey) {
    app.useGlobalGuards(new IdentityGuard(app.get(Reflector), options.identityPublicKey, options.name));
  }
  stopGracefullyOnSignals(app);
}
