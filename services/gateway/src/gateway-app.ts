import { createExpressServiceApp } from '@daybreak/nest-common';
import { REDIS } from '@daybreak/redis';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type Redis from 'ioredis';
import passport from 'passport';
import { AppModule } from './app.module';
import { createSessionMiddleware } from './auth/session';
import { GatewayConfig } from './config';
import { originCheck } from './security/origin-check.middleware';
import { LinkPreviews } from './spa/link-previews';
import { serveApiDocs } from './openapi/openapi-document';
import { securityHeaders } from './security/security-headers';
import { compressApiAnswers } from './spa/compress-api';
import { serveSpa } from './spa/serve-spa';

/** The gateway with all its middleware; main.ts and the integration tests both build it here. */
export async function createGatewayApp(config: GatewayConfig): Promise<NestExpressApplication> {
  const app = await createExpressServiceApp(AppModule.forConfig(config), {
    name: 'gateway',
    logLevel: config.LOG_LEVEL,
  });
  // Behind the configured proxies the client address comes from X-Forwarded-For (config.TRUST_PROXY).
  app.set('trust proxy', config.TRUST_PROXY);
  app.disable('x-powered-by');
  app.use(securityHeaders(config));
  app.use(compressApiAnswers());
  // Sessions only where they matter: static assets never touch Redis.
  app.use('/api', createSessionMiddleware(config, app.get<Redis>(REDIS)));
  // Passport runs the provider's redirect and callback only; other requests need none of it.
  app.use(['/api/login', '/api/callback'], passport.initialize());
  app.use('/api', originCheck([config.PUBLIC_URL, ...config.ALLOWED_ORIGINS]));
  serveApiDocs(app);
  if (config.SPA_DIR) {
    const previews = app.get(LinkPreviews);
    app.use(serveSpa(config.SPA_DIR, (pathname) => previews.headFor(pathname)));
  }
  return app;
}
