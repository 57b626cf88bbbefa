import { CanActivate, ExecutionContext, Injectable, createParamDecorator } from '@nestjs/common';
import { UnauthorizedError, currentContext } from '@daybreak/nest-common';
import { LocalCopies, redisReady } from '@daybreak/redis';
import fastifyCookie from '@fastify/cookie';
import { RedisStore } from 'connect-redis';
import session, { Session, type SessionData } from 'express-session';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import type { ChainableCommander } from 'ioredis';
import type Redis from 'ioredis';
import type { GatewayConfig } from '../config';
import { isApiPath, routedUrl } from '../security/api-path';
import { sessionsUnavailable } from '../security/redis-unavailable';
import { type ReadSession, SessionReads } from './session-reads';

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

/** A request's express-session, as express-session puts it on the raw request. */
export type RequestSession = Session & Partial<SessionData>;

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The raw request's session (`sessionsOnApi`): express-session's on the routes that change
     * sessions (`sessionToChange`), the stored data read as it is elsewhere (SessionReads);
     * undefined outside /api.
     */
    session: RequestSession | ReadSession | undefined;
    /** What the OIDC callback's guard found: the provider's identity, or null. */
    user?: unknown;
  }
}

/** The raw request as express-session sees it. */
type SessionRequest = IncomingMessage & { session?: RequestSession | ReadSession; secure?: boolean };

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
/** The Redis key of session `<id>` is `sess:<id>` (connect-redis' default, kept from the start). */
export const SESSION_KEY_PREFIX = 'sess:';
/** Where every gateway process hears that a session was saved or ended. */
export const SESSION_CHANGED_CHANNEL = 'gateway:session-changed';
/**
 * How long a gateway process keeps a session it read: a bound should the message that drops it ever
 * not arrive (it normally does within a millisecond of the change).
 */
const SESSION_COPY_TTL_MS = 5_000;

/**
 * connect-redis 9 talks to node-redis v5 only; the gateway shares one ioredis client (libs/redis).
 * This maps the few commands the store uses onto ioredis, so there is one client and one connection
 * setting for all of the gateway's Redis use.
 *
 * The sessions it reads are kept in this process' memory (`copies`), so that a member's ordinary
 * request costs no Redis round trip: on this machine that was about a tenth of what the gateway
 * spends on a signed-in feed request. Every save and deletion (sign-in, sign-out, the daily
 * extension) publishes in the same transaction the drop that makes every gateway process forget its
 * copy: a session that ended is refused everywhere once the message arrives (normally within a
 * millisecond), and never later than SESSION_COPY_TTL_MS.
 */
export function connectRedisClient(redis: Redis, copies: LocalCopies<string | null>) {
  const changeAndDrop = async (commands: ChainableCommander, keys: string[]) => {
    for (const key of keys) {
      copies.drop(key);
      copies.publishDrop(commands, key);
    }
    const results = (await commands.exec()) ?? [];
    const failed = results.find(([error]) => error);
    if (failed) throw failed[0];
    return results[0]?.[1];
  };
  return {
    async get(key: string) {
      const copy = copies.get(key);
      if (copy !== undefined) return copy;
      const generation = copies.generation();
      const value = await redis.get(key);
      copies.keep(key, value, generation);
      return value;
    },
    set: (key: string, value: string, options?: { expiration?: { type: 'EX'; value: number } }) =>
      changeAndDrop(
        options?.expiration
          ? redis.multi().set(key, value, 'EX', options.expiration.value)
          : redis.multi().set(key, value),
        [key],
      ),
    expire: (key: string, seconds: number) => redis.expire(key, seconds),
    del: (keys: string | string[]) => {
      const list = Array.isArray(keys) ? keys : [keys];
      if (list.length === 0) return Promise.resolve(0);
      return changeAndDrop(redis.multi().del(...list), list);
    },
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
 * day (`enforceSessionLifetimes`), so a member's ordinary request costs the session one Redis read at
 * most (none while this process keeps a copy: `connectRedisClient`).
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
 * both forward, up to the absolute lifetime (`enforceSessionLifetimes`, run right after it).
 * Nothing is stored (and no cookie set) until sign-in starts.
 *
 * express-session runs as it did on Express, on the raw request and response, from an `onRequest`
 * hook on /api only (static assets never touch Redis): the cookie (`s:<id>.<signature>`) and the
 * Redis records stay exactly as they were, so no member is signed out by the move to Fastify.
 * `request.session` reads the raw request's session.
 */
export function sessionsOnApi(fastify: FastifyInstance, config: GatewayConfig, redis: Redis): void {
  const { name, options } = sessionCookie(config);
  const copies = new LocalCopies<string | null>(redis, {
    channel: SESSION_CHANGED_CHANNEL,
    ttlMs: SESSION_COPY_TTL_MS,
  });
  // Started with the server: its first requests then find the subscription in place.
  fastify.addHook('onReady', () => copies.start());
  fastify.addHook('onClose', () => copies.stop());
  const store = new SessionStore({
    client: connectRedisClient(redis, copies),
    prefix: SESSION_KEY_PREFIX,
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
  const reads = new SessionReads({
    secret: config.SESSION_SECRET,
    store,
    readsAsIs,
    storedCopy: (sessionId) => copies.get(`${SESSION_KEY_PREFIX}${sessionId}`),
  });
  runSessionsOnApi(fastify, sessions, { cookieName: name, redis, reads });
}

/** express-session's middleware, as `session()` returns it. */
type SessionMiddleware = ReturnType<typeof session>;

/**
 * The hook that runs `sessions` (express-session) and `enforceSessionLifetimes` for /api requests;
 * split from `sessionsOnApi` so that specs can run it with a store in memory.
 */
export function runSessionsOnApi(
  fastify: FastifyInstance,
  sessions: SessionMiddleware,
  {
    cookieName,
    redis,
    reads,
  }: {
    cookieName: string;
    redis: Pick<Redis, 'status'>;
    /** The lighter way for requests that change no session (see SessionReads). */
    reads: SessionReads;
  },
): void {
  // Answered here: a hook's reply does not pass through Nest's error filter.
  const unavailable = (reply: FastifyReply) => {
    const { status, code, message } = sessionsUnavailable(reply);
    void reply.code(status).send({ statusCode: status, code, message });
  };
  fastify.decorateRequest('session', {
    getter(): RequestSession | ReadSession | undefined {
      return (this.raw as SessionRequest).session;
    },
  });
  fastify.addHook('onRequest', (request, reply, done) => {
    if (!isApiPath(request.url)) return done();
    const req = request.raw as SessionRequest;
    const res = reply.raw;
    const cookie = sessionCookieOf(req, cookieName);
    // A request without the cookie (a guest) reads no session, so it goes on without Redis. One with
    // it is a member's: without Redis we cannot know who, so it fails fast rather than hang.
    // What a request with a session is answered is that member's: no shared cache may keep it and
    // serve it to another. On the raw response, so hooks' answers carry it too; a route that says
    // otherwise (`reply.header`) still wins.
    if (cookie !== undefined) res.setHeader('Cache-Control', PRIVATE_ANSWER);
    if (!redisReady(redis as Redis) && cookie !== undefined) return unavailable(reply);
    // With `proxy` unset express-session sets a Secure cookie only when `req.secure`, which Express
    // derived from the socket and trust proxy (X-Forwarded-Proto from the TLS proxy); Fastify's
    // `request.protocol` says the same. Without it the `__Host-` cookie would never be set.
    req.secure = request.protocol === 'https';
    // Typed for Express' request and response; it uses only what Node's raw ones have (and `secure`).
    const [expressReq, expressRes] = [req, res] as unknown as Parameters<SessionMiddleware>;
    const runExpressSession = () =>
      sessions(expressReq, expressRes, (error?: unknown) => {
        // A store failure after the answer went out (the rolling expiry's update): nothing to answer.
        if (error && res.headersSent) return;
        // The store failed mid-request (Redis went away after the check above).
        if (error && !redisReady(redis as Redis)) return unavailable(reply);
        if (error) return done(error as Error);
        enforceSessionLifetimes(expressSessionOf(req), (lifetimeError) =>
          done(lifetimeError as Error | undefined),
        );
      });
    // Signing in and out change the session: express-session's whole way, always.
    if (changesSessions(request.url)) return runExpressSession();
    // A guest's request elsewhere has no session to read and starts none: express-session would
    // make one up for it and throw it away (saveUninitialized is off).
    if (cookie === undefined) return done();
    reads.read(req, cookie, (found) => (found ? done() : runExpressSession()));
  });
}

/** The caching of a member's answers: by their own browser only, and never stored. */
const PRIVATE_ANSWER = 'private, no-store';

/**
 * The auth routes (auth.controller.ts): sign-in, its callback, sign-out and the session check
 * (`/api/auth/user`). Only these may change a session: elsewhere a member's session is read without
 * express-session, which would not save a change.
 */
const SESSION_CHANGING_ROUTES = /^\/api\/(login|callback|logout|auth)(?=[/?]|$)/;

/** Whether a request URL is one of the routes that start, change or end sessions, however spelt. */
const changesSessions = (url: string): boolean => SESSION_CHANGING_ROUTES.test(routedUrl(url));

/** The session cookie's value as sent, if the request has one (its signature is checked later). */
function sessionCookieOf(req: IncomingMessage, name: string): string | undefined {
  const header = req.headers.cookie;
  return header ? fastifyCookie.parse(header)[name] : undefined;
}

/** How long a member's session may still last (ms) at `now`: its idle lifetime, capped by the absolute one. */
export function sessionLifetimeLeft(signedInAt: number, now: number): number {
  return Math.min(SESSION_IDLE_MS, signedInAt + SESSION_ABSOLUTE_MS - now);
}

/** Whether the idle expiry moves forward now: SESSION_EXTEND_EVERY_MS since the last extension or sign-in. */
const extensionDue = (signedInAt: number, extendedAt: number | undefined, now: number): boolean =>
  now - (extendedAt ?? signedInAt) >= SESSION_EXTEND_EVERY_MS;

/**
 * Whether a stored session stays as it is for a request at `now`: a member's, within both lifetimes
 * and extended less than SESSION_EXTEND_EVERY_MS ago, so `enforceSessionLifetimes` would change
 * nothing that is saved. Such a session can be read without express-session (SessionReads).
 */
export function readsAsIs(data: Partial<SessionData>, now: number): boolean {
  const { signedInAt, extendedAt } = data;
  if (!sessionUserId({ session: data }) || typeof signedInAt !== 'number') return false;
  return sessionLifetimeLeft(signedInAt, now) > 0 && !extensionDue(signedInAt, extendedAt, now);
}

/**
 * A member's session ends SESSION_ABSOLUTE_MS after sign-in however active they are: its cookie and
 * Redis expiry never reach past that point, and a session found past it is replaced by an empty one.
 * Until then, the first request at least SESSION_EXTEND_EVERY_MS after the last extension (or sign-in)
 * extends it: changing `extendedAt` makes express-session save the session, with a Redis expiry
 * (`storeTtlSeconds`) and a new cookie that both run the idle lifetime from now.
 */
export function enforceSessionLifetimes(
  req: { session?: RequestSession },
  next: (error?: unknown) => void,
): void {
  if (!req.session || !sessionUserId(req)) return next();
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
  if (extensionDue(req.session.signedInAt, req.session.extendedAt, now)) req.session.extendedAt = now;
  next();
}

/**
 * The express-session of a request on a route that changes sessions (SESSION_CHANGING_ROUTES), to
 * save, regenerate or end. Elsewhere a session is only read, and this throws: a change there would
 * never be saved.
 */
export function sessionToChange(req: { session?: RequestSession | ReadSession }): RequestSession {
  return expressSessionOf(req).session!;
}

/** `req` with the session that express-session put on it (none for a request without one). */
function expressSessionOf(req: { session?: RequestSession | ReadSession }): { session?: RequestSession } {
  if (req.session === undefined || req.session instanceof Session) return req as { session?: RequestSession };
  throw new Error('This session was read as it is: only the auth routes may change a session');
}

/**
 * The id of the session a request came with: express-session's `sessionID`, which SessionReads sets
 * too. Undefined for a request that read no session.
 */
export function sessionIdOf(request: FastifyRequest): string | undefined {
  return (request.raw as { sessionID?: string }).sessionID;
}

/** The signed-in member's id, or null. */
export function sessionUserId(req: { session?: Partial<SessionData> }): string | null {
  const userId: unknown = req.session?.userId;
  return typeof userId === 'string' && userId.length > 0 ? userId : null;
}

/** `@SessionUser() userId: string | null` — the signed-in member's id, or null. */
export const SessionUser = createParamDecorator((_data: unknown, context: ExecutionContext): string | null =>
  sessionUserId(context.switchToHttp().getRequest<FastifyRequest>()),
);

/** Lets only signed-in members through: 401 `AUTH.UNAUTHORIZED` otherwise. */
@Injectable()
export class MemberGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const userId = sessionUserId(context.switchToHttp().getRequest<FastifyRequest>());
    if (!userId) throw new UnauthorizedError();
    // Log lines for the rest of this request carry who made it.
    const requestContext = currentContext();
    if (requestContext) requestContext.userId = userId;
    return true;
  }
}
