import { CanActivate, ExecutionContext, Injectable, createParamDecorator } from '@nestjs/common';
import { UnauthorizedError, currentContext } from '@daybreak/nest-common';
import { redisReady } from '@daybreak/redis';
import { RedisStore } from 'connect-redis';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import session, { type SessionData } from 'express-session';
import type Redis from 'ioredis';
import type { GatewayConfig } from '../config';
import { sessionsUnavailable } from '../security/redis-unavailable';

declare module 'express-session' {
  interface SessionData {
    /** The signed-in member. The only lasting thing a session holds. */
    userId: string;
    /** Transient, during sign-in: where to go afterwards (a validated same-origin path). */
    returnTo: string;
    /** Transient, during sign-in: the browser's IANA zone (`/api/login?timezone=`), if valid. */
    timezone: string;
    /** When the member signed in (epoch ms): the start of the session's absolute lifetime. */
    signedInAt: number;
    /** The provider's ID token, kept (server-side only) as the hint for its sign-out endpoint. */
    idToken: string;
    /** When the idle expiry was last pushed forward (epoch ms); see `enforceSessionLifetimes`. */
    extendedAt: number;
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Idle lifetime: a member's visits push the expiry this far forward, so active members stay signed in. */
const SESSION_IDLE_MS = 30 * DAY_MS;
/**
 * How often a visit pushes the idle expiry forward. Pushing it on every request cost each of them a
 * Redis write and a freshly signed cookie; once a day costs one, and the idle lifetime a member sees
 * is between 29 and 30 days (the sliding expiration of most web frameworks renews it the same way).
 */
export const SESSION_EXTEND_EVERY_MS = DAY_MS;
/** Absolute lifetime: however active, a member signs in again this long after signing in. */
export const SESSION_ABSOLUTE_MS = 90 * DAY_MS;
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
    : Date.now() + SESSION_IDLE_MS;
  return Math.max(1, Math.ceil((expires - Date.now()) / 1000));
}

type CookieSettings = Pick<GatewayConfig, 'PUBLIC_URL' | 'COOKIE_SECURE'>;

/**
 * The session cookie's name and attributes. Over https (or with COOKIE_SECURE=true) it is Secure and
 * named `__Host-…`: browsers then accept it only from a secure origin, for path /, without a Domain,
 * so neither a network attacker nor a sibling subdomain can plant or overwrite it.
 */
export function sessionCookie(config: CookieSettings) {
  const secure = new URL(config.PUBLIC_URL).protocol === 'https:' || config.COOKIE_SECURE === 'true';
  return {
    name: secure ? '__Host-daybreak.sid' : 'daybreak.sid',
    /** Attributes for setting and for clearing it (a clearing cookie must match them). */
    options: { path: '/', httpOnly: true, sameSite: 'lax' as const, secure },
  };
}

/**
 * A Redis store whose expiry only moves when a session is saved. express-session touches the store
 * after every response that saved nothing; the idle expiry moves forward by a save instead, once a
 * day (`enforceSessionLifetimes`), so a member's ordinary request costs the session one Redis read.
 */
class SessionStore extends RedisStore {
  override touch(_sid: string, _session: SessionData, callback?: (error?: unknown) => void): Promise<void> {
    callback?.();
    return Promise.resolve();
  }
}

/**
 * Server-side sessions in Redis (`sess:<id>`); the browser holds only the signed id in an httpOnly,
 * SameSite=Lax cookie. Sliding: a member's first visit of the day pushes the 30-day idle expiry of
 * both forward, up to the absolute lifetime (`enforceSessionLifetimes`, mounted right after this).
 * Nothing is stored (and no cookie set) until sign-in starts.
 */
export function createSessionMiddleware(config: GatewayConfig, redis: Redis): RequestHandler {
  const { name, options } = sessionCookie(config);
  const store = new SessionStore({
    client: connectRedisClient(redis),
    prefix: 'sess:',
    ttl: storeTtlSeconds,
  });
  const sessions = session({
    name,
    secret: config.SESSION_SECRET,
    store,
    resave: false,
    saveUninitialized: false,
    // The cookie is sent again only with a changed session: at sign-in and with each daily extension.
    rolling: false,
    cookie: { ...options, maxAge: SESSION_IDLE_MS },
  });
  // Plain middleware: Nest's error filter does not see it, so the 503 is written here.
  const unavailable = (res: Response) => {
    const { status, code, message } = sessionsUnavailable(res);
    res.status(status).json({ statusCode: status, code, message });
  };
  return (req, res, next) => {
    // A request without the cookie (a guest) reads no session, so it goes on without Redis. One with
    // it is a member's: without Redis we cannot know who, so it fails fast rather than hang.
    if (!redisReady(redis) && hasSessionCookie(req, name)) return unavailable(res);
    sessions(req, res, (error?: unknown) => {
      // A store failure after the answer went out (the rolling expiry's update): nothing to answer.
      if (error && res.headersSent) return;
      // The store failed mid-request (Redis went away after the check above).
      if (error && !redisReady(redis)) return unavailable(res);
      if (error) return next(error);
      enforceSessionLifetimes(req, res, next);
    });
  };
}

/** Whether the request carries the session cookie (by name: it is checked by its signature later). */
function hasSessionCookie(req: Request, name: string): boolean {
  return (req.headers.cookie ?? '').split(';').some((pair) => pair.trim().startsWith(`${name}=`));
}

/** How long a member's session may still last (ms) at `now`: its idle lifetime, capped by the absolute one. */
export function sessionLifetimeLeft(signedInAt: number, now: number): number {
  return Math.min(SESSION_IDLE_MS, signedInAt + SESSION_ABSOLUTE_MS - now);
}

/**
 * A member's session ends SESSION_ABSOLUTE_MS after sign-in however active they are: its cookie and
 * Redis expiry never reach past that point, and a session found past it is replaced by an empty one.
 * Until then, the first request at least SESSION_EXTEND_EVERY_MS after the last extension (or sign-in)
 * extends it: changing `extendedAt` makes express-session save the session, with a Redis expiry
 * (`storeTtlSeconds`) and a new cookie that both run the idle lifetime from now.
 */
export function enforceSessionLifetimes(req: Request, _res: Response, next: NextFunction): void {
  if (!sessionUserId(req)) return next();
  const now = Date.now();
  // Sessions from before the absolute lifetime existed start theirs now.
  req.session.signedInAt ??= now;
  const left = sessionLifetimeLeft(req.session.signedInAt, now);
  if (left <= 0) {
    req.session.regenerate((error) => next(error));
    return;
  }
  // express-session sets maxAge back to originalMaxAge before it saves: cap both.
  req.session.cookie.originalMaxAge = left;
  req.session.cookie.maxAge = left;
  if (now - (req.session.extendedAt ?? req.session.signedInAt) >= SESSION_EXTEND_EVERY_MS) {
    req.session.extendedAt = now;
  }
  next();
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
