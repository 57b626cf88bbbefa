import {
  MAX_PARAM_LENGTH,
  SERVICE_BODY_LIMIT_BYTES,
  createServiceApp,
  fastifyOf,
  leaveRawBodiesUnread,
} from '@daybreak/nest-common';
import { REDIS } from '@daybreak/redis';
import fastifyEtag from '@fastify/etag';
import fastifyMultipart from '@fastify/multipart';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type Redis from 'ioredis';
import { AppModule } from './app.module';
import { sessionsOnApi } from './auth/session';
import { refuseSuspendedWrites } from './auth/suspended-writes';
import { type GatewaySessionStore, SESSION_STORE } from './auth/session-store';
import { GatewayConfig } from './config';
import { serveApiDocs } from './openapi/openapi-document';
import { checkOrigins } from './security/origin-check';
import { securityHeaders, sendSecurityHeaders } from './security/security-headers';
import { compressApiAnswers } from './spa/compress-api';
import { LinkPreviews } from './spa/link-previews';
import { serveSpa } from './spa/serve-spa';
import { serverRenderedPages } from './spa/server-render/start';

/**
 * Fastify's options where its defaults differ from what the gateway did on Express, which clients
 * (and the e2e suites) rely on.
 */
function fastifyOptions(config: GatewayConfig, writeSecurityHeaders: ReturnType<typeof securityHeaders>) {
  return {
    // Behind the configured proxies the client address and protocol come from X-Forwarded-*
    // (config.TRUST_PROXY: `loopback` or addresses/CIDRs, as Express' `trust proxy` took them).
    trustProxy: config.TRUST_PROXY,
    bodyLimit: SERVICE_BODY_LIMIT_BYTES,
    routerOptions: {
      // `/api/posts/` is `/api/posts`, as on Express. (Matching stays case-sensitive: Fastify's
      // case-insensitive matching would lowercase ids and upload tokens too.)
      ignoreTrailingSlash: true,
      // As for every service (createServiceApp): long path values reach the route's pipe.
      maxParamLength: MAX_PARAM_LENGTH,
    },
    // Node's own timeouts, as on Express (Fastify's are 72 s keep-alive and no request timeout).
    keepAliveTimeout: 5_000,
    requestTimeout: 300_000,
    // A path with broken percent-encoding (`/api/posts/%ZZ`): our error shape, not Fastify's.
    frameworkErrors: (error: Error & { code?: string }, _request: unknown, reply: FrameworkReply) => {
      writeSecurityHeaders(reply.raw);
      const badUrl = error.code === 'FST_ERR_BAD_URL';
      void reply.code(badUrl ? 400 : 500).send({
        statusCode: badUrl ? 400 : 500,
        code: badUrl ? 'REQUEST.INVALID' : 'INTERNAL',
        message: badUrl
          ? 'The address is not valid (malformed percent-encoding).'
          : 'Something went wrong on our side. Please try again.',
      });
    },
  };
}

type FrameworkReply = Parameters<NonNullable<import('fastify').FastifyServerOptions['frameworkErrors']>>[2];

/**
 * The gateway with all its hooks and plugins; main.ts and the integration tests both build it here.
 * A request meets, in order: metrics/tracing, correlation id and shutdown (createServiceApp), the
 * security headers, the session (on /api), the origin check (on /api), then its route. Answers pass
 * ETag, then compression.
 */
export async function createGatewayApp(config: GatewayConfig): Promise<NestFastifyApplication> {
  const writeSecurityHeaders = securityHeaders(config);
  const app = await createServiceApp(AppModule.forConfig(config), {
    name: 'gateway',
    logLevel: config.LOG_LEVEL,
    internalPort: config.INTERNAL_PORT,
    // Clients choose neither their trace's sampling nor their correlation id.
    publicEdge: true,
    fastify: fastifyOptions(config, writeSecurityHeaders),
  });
  const fastify = fastifyOf(app);
  sendSecurityHeaders(fastify, config);
  sessionsOnApi(fastify, config, app.get<Redis>(REDIS), app.get<GatewaySessionStore>(SESSION_STORE));
  checkOrigins(fastify, [config.PUBLIC_URL, ...config.ALLOWED_ORIGINS]);
  refuseSuspendedWrites(fastify);
  // Weak ETags and 304s for the answers the gateway builds (JSON, index.html), as Express gave them;
  // hashed before compression.
  await fastify.register(fastifyEtag, { weak: true });
  await compressApiAnswers(fastify);
  // Parsed by the create-post route itself, after its guards (posts/multipart-form.ts).
  await fastify.register(fastifyMultipart);
  // Photo uploads stream on to media unread (media.controller.ts).
  leaveRawBodiesUnread(fastify);
  serveApiDocs(app);
  if (config.SPA_DIR) {
    const previews = app.get(LinkPreviews);
    const pages = await serverRenderedPages(fastify, config.SPA_DIR, config, app.get<Redis>(REDIS));
    await serveSpa(
      fastify,
      config.SPA_DIR,
      (pathname) => previews.headFor(pathname),
      pages ? (request, pathname) => pages.pageFor(request, pathname) : undefined,
    );
  }
  return app;
}
