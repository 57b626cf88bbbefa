import { DynamicModule, Type } from '@nestjs/common';
import { NestFactory, Reflector } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { observeFastifyRequests } from '@daybreak/observability';
import { DomainErrorFilter } from '../errors/domain-error.filter';
import { IdentityGuard } from '../identity/identity.guard';
import { correlateFastifyRequests } from '../logging/correlation-hook';
import { PinoNestLogger, createPinoLogger } from '../logging/logger';
import { fastifyOf } from './fastify-instance';
import { stopGracefullyOnSignals } from './graceful-shutdown';
import { servePlatformPathsApart } from './internal-listener';

export interface ServiceAppOptions {
  /** Service name, used in logs and events. */
  name: string;
  /** The gateway's public key, which verifies its identity tokens; omit for the gateway itself. */
  identityPublicKey?: string;
  logLevel?: string;
  /**
   * The process faces the internet (the gateway): it takes no caller's trace context or correlation
   * id, and starts its own. The services behind it trust the gateway's.
   */
  publicEdge?: boolean;
  /** Fastify options beyond the shared ones (the gateway's trust proxy, routing, timeouts). */
  fastify?: FastifyServerOptions;
  /**
   * A port for `/metrics` and `/health/*` alone, which the main port then refuses (internal-listener.ts);
   * unset, the main port serves them too. 0 picks a free one (tests).
   */
  internalPort?: number;
}

/** Longest path value the router matches: about the longest URL Node accepts (16 KB of headers). */
export const MAX_PARAM_LENGTH = 16 * 1024;

/** JSON bodies the services accept: 100 KB, well above any a service takes (an upload route reads its own stream). */
export const SERVICE_BODY_LIMIT_BYTES = 100 * 1024;

/**
 * A service's Nest app, on Fastify, with the plumbing every service shares: logs, metrics,
 * correlation ids, errors, identity. Fastify rather than Express (Nest's default) for its cost per
 * request, measured in docs/adr/0010-services-on-fastify.md.
 */
export async function createServiceApp(
  module: Type<unknown> | DynamicModule,
  options: ServiceAppOptions,
): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    bodyLimit: SERVICE_BODY_LIMIT_BYTES,
    // While stopping, requests already on a kept-alive connection are still answered (with
    // `Connection: close`, graceful-shutdown.ts), not refused with a 503.
    return503OnClosing: false,
    // A path value longer than Fastify's default 100 characters reaches the route (whose pipe or
    // lookup answers 400/404) instead of a router 414 the API does not document.
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // Typed against the hoisted fastify; the adapter's own copy (a pinned patch version) is the same API.
    ...(options.fastify as object),
  });
  const app = await NestFactory.create<NestFastifyApplication>(module, adapter, {
    logger: serviceLogger(options),
    bufferLogs: true,
  });
  configureServiceApp(app, options);
  return app;
}

const serviceLogger = (options: ServiceAppOptions) =>
  new PinoNestLogger(createPinoLogger(options.name, options.logLevel));

/** Split out so integration tests that build the app from a testing module get the same plumbing. */
export function configureServiceApp(app: NestFastifyApplication, options: ServiceAppOptions): void {
  // Prometheus scrapes every process directly on its own port (never through the gateway's /api),
  // or on its internal port when it has one.
  const fastify = fastifyOf(app);
  if (options.internalPort !== undefined) servePlatformPathsApart(fastify, options.internalPort);
  observeFastifyRequests(fastify, { trustCallerTrace: !options.publicEdge });
  correlateFastifyRequests(fastify, { adoptCallerId: !options.publicEdge });
  keepConnectionsAfterRefusedBodies(fastify);
  app.useGlobalFilters(new DomainErrorFilter(app.getHttpAdapter()));
  if (options.identityPublicKey) {
    app.useGlobalGuards(new IdentityGuard(app.get(Reflector), options.identityPublicKey, options.name));
  }
  stopGracefullyOnSignals(app, fastify);
}

/**
 * Fastify closes the connection after refusing a body (too large, malformed), while the client may
 * still be sending it: the client then fails writing (EPIPE) instead of reading our 4xx, as the API
 * fuzz test saw for a 2 MB body. Without that header Node reads the rest of the body and drops it,
 * as it did under Express. (Connection: close while stopping is on the raw response: kept.)
 */
function keepConnectionsAfterRefusedBodies(fastify: FastifyInstance): void {
  fastify.addHook('onSend', (_request, reply, payload, done) => {
    if (reply.statusCode >= 400 && reply.statusCode < 500) void reply.removeHeader('connection');
    done(null, payload);
  });
}
