import { CanActivate, ExecutionContext, Injectable, createParamDecorator } from '@nestjs/common';
import { UnauthorizedError, currentContext } from '@daybreak/nest-common';
import { RedisStore } from 'connect-redis';
import type { Request, RequestHandler } from 'express';
import session, { type SessionData } from 'express-session';
import type Redis from 'ioredis';
import type { GatewayConfig } from '../config';

declare module 'express-session' {
  interface SessionData {
    /** The signed-in member. The only lasting thing a session holds. */
    userId: string;
    /** Transient, during sign-in: where to go afterwards (a validated same-origin path). */
    returnTo: string;
    /** Transient, during sign-in: the browser's IANA zone (`/api/login?timezone=`), if valid. */
    timezone: string;
  }
}

export const SESSION_COOKIE = 'daybreak.sid';
const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** A session that never finished signing in (abandoned at the provider) goes away soon. */
const LOGIN_STATE_TTL_SECONDS = 15 * 60;

/**
 * connect-redis 9 talks to node-redis v5 only; the gateway shares one ioredis client (libs/redis).
 * This maps the few commands the store uses onto ioredis, so there is one client and one connection
 * setting for all of the gateway's Redis use.
 */
export function connectRedisClient(redis: Redis) {
  return {
    get: (key: string) => redis.get(key),
    set: (key: string, value: string, options?: { expiration?: { type: 'EX'; value: number } }) =>
      options?.expiration ? redis.set(key, value, 'EX', options.expiration.value) : redis.set(key, value),
    expire: (key: string, seconds: number) => redis.expire(key, seconds),
    del: (keys: string | string[]) => redis.del(...(Array.isArray(keys) ? keys : [keys])),
    mGet: (keys: string[]) => redis.mget(...keys),
    async *scanIterator({ MATCH, COUNT }: { MATCH: string; COUNT: number }): AsyncGenerator<string[]> {
      for await (const keys of redis.scanStream({ match: MATCH, count: COUNT })) yield keys as string[];
    },
  };
}

function storeTtlSeconds(data: SessionData): number {
  if (!data.userId) return LOGIN_STATE_TTL_SECONDS;
  const expires = data.cookie?.expires
    ? new Date(data.cookie.expires).getTime()
    : Date.now() + SESSION_MAX_AGE_MS;
  return Math.max(1, Math.ceil((expires - Date.now()) / 1000));
}

/**
 * Server-side sessions in Redis (`sess:<id>`); the browser holds only the signed id in an httpOnly,
 * SameSite=Lax cookie. Rolling: each response pushes the 30-day expiry forward, so active members stay
 * signed in. Nothing is stored (and no cookie set) until sign-in starts.
 */
export function createSessionMiddleware(config: GatewayConfig, redis: Redis): RequestHandler {
  return session({
    name: SESSION_COOKIE,
    secret: config.SESSION_SECRET,
    store: new RedisStore({ client: connectRedisClient(redis), prefix: 'sess:', ttl: storeTtlSeconds }),
    resave: false,
    saveUninitialized: false,
    rolling: true,
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      secure: config.COOKIE_SECURE,
      path: '/',
      maxAge: SESSION_MAX_AGE_MS,
    },
  });
}

/** Cookie attributes for clearing the session cookie (must match the ones it was set with). */
export function sessionCookieOptions(config: GatewayConfig) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: config.COOKIE_SECURE };
}

/** The signed-in member's id, or null. */
export function sessionUserId(req: Request): string | null {
  const userId: unknown = req.session?.userId;
  return typeof userId === 'string' && userId.length > 0 ? userId : null;
}

/** `@SessionUser() userId: string | null` — the signed-in member's id, or null. */
export const SessionUser = createParamDecorator((_data: unknown, context: ExecutionContext): string | null =>
  sessionUserId(context.switchToHttp().getRequest<Request>()),
);

/** Lets only signed-in members through: 401 `AUTH.UNAUTHORIZED` otherwise. */
@Injectable()
export class MemberGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const userId = sessionUserId(context.switchToHttp().getRequest<Request>());
    if (!userId) throw new UnauthorizedError();
    // Log lines for the rest of this request carry who made it.
    const requestContext = currentContext();
    if (requestContext) requestContext.userId = userId;
    return true;
  }
}
