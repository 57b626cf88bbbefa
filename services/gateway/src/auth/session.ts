import { redisReady } from '@daybreak/redis';
import fastifyCookie from '@fastify/cookie';
import session, { Session } from 'express-session';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { IncomingMessage } from 'node:http';
import type Redis from 'ioredis';
import type { GatewayConfig } from '../config';
import { isApiPath, routedUrl } from '../security/api-path';
import { sessionsUnavailable } from '../security/redis-unavailable';
import type { RequestSession } from './session-data';
import { SESSION_IDLE_MS, enforceSessionLifetimes, readsAsIs } from './session-lifetime';
import { type ReadSession, SessionReads } from './session-reads';
import { type GatewaySessionStore, redisSessionStore } from './session-store';

/** The raw request as express-session sees it. */
type SessionRequest = IncomingMessage & { session?: RequestSession | ReadSession; secure?: boolean };

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
export function sessionsOnApi(
  fastify: FastifyInstance,
  config: GatewayConfig,
  redis: Redis,
  { copies, store, storedCopy }: GatewaySessionStore = redisSessionStore(redis),
): void {
  const { name, options } = sessionCookie(config);
  // Started with the server: its first requests then find the subscription in place.
  fastify.addHook('onReady', () => copies.start());
  fastify.addHook('onClose', () => copies.stop());
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
  const reads = new SessionReads({ secret: config.SESSION_SECRET, store, readsAsIs, storedCopy });
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
 * (`/api/auth/user`); and ending every session of a member (sessions.controller.ts, and the account's
 * deletion in account.controller.ts). Only these may change a session: elsewhere a member's session is read without
 * express-session, which would not save a change.
 */
const SESSION_CHANGING_ROUTES = /^\/api\/(login|callback|logout|auth|sessions|account)(?=[/?]|$)/;

/** Whether a request URL is one of the routes that start, change or end sessions, however spelt. */
const changesSessions = (url: string): boolean => SESSION_CHANGING_ROUTES.test(routedUrl(url));

/** The session cookie's value as sent, if the request has one (its signature is checked later). */
function sessionCookieOf(req: IncomingMessage, name: string): string | undefined {
  const header = req.headers.cookie;
  return header ? fastifyCookie.parse(header)[name] : undefined;
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
