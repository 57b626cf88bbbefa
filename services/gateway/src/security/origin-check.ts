import type { FastifyInstance } from 'fastify';
import { isApiPath } from './api-path';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function originOf(value: string | undefined): string | null {
  if (!value) return null;
  try {
    return new URL(value).origin;
  } catch {
    return 'invalid';
  }
}

/**
 * CSRF defence in depth (the session cookie is SameSite=Lax too): a state-changing /api request that a
 * browser sends from another site carries that site's Origin, and is refused. Requests without
 * Origin or Referer come from non-browser clients, which cannot ride on a member's cookie. A hook
 * rather than a guard, so it refuses before any route runs (and after the session hook: a member's
 * request during a Redis outage is answered 503 first).
 */
export function checkOrigins(fastify: FastifyInstance, allowedOrigins: string[]): void {
  const allowed = new Set(allowedOrigins.map((origin) => new URL(origin).origin));
  fastify.addHook('onRequest', (request, reply, done) => {
    if (SAFE_METHODS.has(request.method) || !isApiPath(request.url)) return done();
    const origin = originOf(header(request.headers.origin)) ?? originOf(header(request.headers.referer));
    if (origin === null || allowed.has(origin)) return done();
    void reply.code(403).send({
      statusCode: 403,
      code: 'AUTH.BAD_ORIGIN',
      message: 'Request refused: it did not come from this site.',
    });
  });
}

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
