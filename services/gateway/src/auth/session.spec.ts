import session from 'express-session';
import Fastify, { type FastifyInstance } from 'fastify';
import Redis from 'ioredis';
import request from 'supertest';
import type { GatewayConfig } from '../config';
import { runSessionsOnApi, sessionCookie, sessionToChange, sessionsOnApi } from './session';
import type { RequestSession } from './session-data';
import { SESSION_ABSOLUTE_MS, SESSION_EXTEND_EVERY_MS, readsAsIs } from './session-lifetime';
import { sessionIdOf } from './session-user';
import { SessionReads } from './session-reads';

/** Redis as the session hook sees it when it is up (the sessions themselves are in memory here). */
const UP = { status: 'ready' } as const;
const SECRET = 'unit-test-only';

/**
 * The gateway's session hook on `fastify`, over sessions in memory: express-session set up as the
 * gateway's (`middleware` counts its runs) and SessionReads on the same store.
 */
function sessionHookInMemory(
  fastify: FastifyInstance,
  name: string,
  cookie: session.CookieOptions,
  storedCopy?: (sessionId: string) => string | null | undefined,
) {
  const store = new session.MemoryStore();
  const middleware = jest.fn(
    session({ name, secret: SECRET, store, resave: false, saveUninitialized: false, rolling: false, cookie }),
  );
  const reads = new SessionReads({ secret: SECRET, store, readsAsIs, storedCopy });
  runSessionsOnApi(fastify, middleware, { cookieName: name, redis: UP, reads });
  return { store, middleware };
}

const apps: FastifyInstance[] = [];
afterAll(() => Promise.all(apps.map((app) => app.close())));

/** A Fastify app, ready, for supertest. */
async function serve(app: FastifyInstance) {
  apps.push(app);
  await app.ready();
  return app.server;
}

const DAY_MS = 24 * 60 * 60 * 1000;

describe('sessionCookie', () => {
  it('is Secure and __Host- prefixed whenever PUBLIC_URL is https', () => {
    expect(sessionCookie({ PUBLIC_URL: 'https://daybreak.example' })).toEqual({
      name: '__Host-daybreak.sid',
      options: { path: '/', httpOnly: true, sameSite: 'lax', secure: true },
    });
  });

  it('is a plain cookie on http (npm start, the test stacks), Secure when asked to be', () => {
    expect(sessionCookie({ PUBLIC_URL: 'http://127.0.0.1:8080' })).toMatchObject({
      name: 'daybreak.sid',
      options: { secure: false },
    });
    expect(sessionCookie({ PUBLIC_URL: 'http://127.0.0.1:8080', COOKIE_SECURE: 'true' })).toMatchObject({
      name: '__Host-daybreak.sid',
      options: { secure: true },
    });
  });
});

describe('enforceSessionLifetimes', () => {
  /**
   * express-session (in memory, set up as the gateway's) with the lifetimes, through the gateway's
   * session hook; /api/callback?ago=<ms> signs in as if that long ago, and &extendedAgo=<ms> when the
   * session was last extended.
   */
  function app() {
    const fastify = Fastify();
    sessionHookInMemory(fastify, 'sid', { maxAge: 30 * DAY_MS });
    fastify.get('/api/callback', (request, reply) => {
      const query = request.query as Record<string, string>;
      const session = sessionToChange(request);
      session.userId = 'member-1';
      session.signedInAt = Date.now() - Number(query.ago);
      if (query.extendedAgo) session.extendedAt = Date.now() - Number(query.extendedAgo);
      return reply.send('');
    });
    fastify.get('/api/me', (request) => ({ userId: request.session?.userId ?? null }));
    fastify.get('/api/session-id', (request) => ({ sessionId: sessionIdOf(request) ?? null }));
    return fastify;
  }

  /** supertest's agent (it keeps the cookie) on a fresh app. */
  const agentOn = async () => request.agent(await serve(app()));

  const expiresIn = (setCookie: string[] | undefined) => {
    const expires = /Expires=([^;]+)/.exec(setCookie?.[0] ?? '')?.[1];
    return expires ? Date.parse(expires) - Date.now() : null;
  };

  it('keeps a recent session, rolling its cookie 30 days ahead on the first visit a day after sign-in', async () => {
    const agent = await agentOn();
    await agent.get(`/api/callback?ago=${DAY_MS}`).expect(200);
    const me = await agent.get('/api/me').expect(200);
    expect(me.body).toEqual({ userId: 'member-1' });
    expect(expiresIn(me.headers['set-cookie'] as unknown as string[])).toBeGreaterThan(29 * DAY_MS);
  });

  it('leaves the cookie alone within a day of the last extension: no Set-Cookie on ordinary requests', async () => {
    const agent = await agentOn();
    await agent
      .get(`/api/callback?ago=${10 * DAY_MS}&extendedAgo=${SESSION_EXTEND_EVERY_MS - 60_000}`)
      .expect(200);
    const me = await agent.get('/api/me').expect(200);
    expect(me.body).toEqual({ userId: 'member-1' });
    expect(me.headers['set-cookie']).toBeUndefined();
  });

  it('extends it again once a day has passed since the last extension', async () => {
    const agent = await agentOn();
    await agent
      .get(`/api/callback?ago=${10 * DAY_MS}&extendedAgo=${SESSION_EXTEND_EVERY_MS + 60_000}`)
      .expect(200);
    const first = await agent.get('/api/me').expect(200);
    expect(expiresIn(first.headers['set-cookie'] as unknown as string[])).toBeGreaterThan(29 * DAY_MS);
    // Extended just now: the next request sends no cookie.
    expect((await agent.get('/api/me').expect(200)).headers['set-cookie']).toBeUndefined();
  });

  it('never rolls the cookie past the absolute end', async () => {
    const agent = await agentOn();
    await agent.get(`/api/callback?ago=${SESSION_ABSOLUTE_MS - 2 * DAY_MS}`).expect(200);
    const me = await agent.get('/api/me').expect(200);
    expect(me.body).toEqual({ userId: 'member-1' });
    const left = expiresIn(me.headers['set-cookie'] as unknown as string[])!;
    expect(left).toBeGreaterThan(DAY_MS);
    expect(left).toBeLessThanOrEqual(2 * DAY_MS);
  });

  it('signs the member out once the absolute lifetime is over, however active', async () => {
    const agent = await agentOn();
    await agent.get(`/api/callback?ago=${SESSION_ABSOLUTE_MS + 1000}`).expect(200);
    expect((await agent.get('/api/me').expect(200)).body).toEqual({ userId: null });
  });
});

describe('sessionsOnApi while Redis is away', () => {
  // A client that never connected: what the gateway's client is while Redis is down.
  const away = new Redis('redis://127.0.0.1:1', { lazyConnect: true });
  afterAll(() => away.disconnect());

  function app() {
    const config = { PUBLIC_URL: 'http://127.0.0.1:8080', SESSION_SECRET: 'unit-test-only' } as GatewayConfig;
    const fastify = Fastify();
    sessionsOnApi(fastify, config, away);
    fastify.get('/api/feed', (request) => ({ userId: request.session?.userId ?? null }));
    return serve(fastify);
  }

  it("lets a guest's request through: it reads no session", async () => {
    const response = await request(await app())
      .get('/api/feed')
      .expect(200);
    expect(response.body).toEqual({ userId: null });
  });

  it("answers a member's request 503 with Retry-After at once, never a 500 or a hang", async () => {
    const server = await app();
    const started = Date.now();
    const response = await request(server)
      .get('/api/feed')
      .set('Cookie', 'daybreak.sid=s%3Aabc.def')
      .expect(503);
    expect(Date.now() - started).toBeLessThan(200);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.body).toEqual({
      statusCode: 503,
      code: 'SESSIONS.UNAVAILABLE',
      message: expect.stringContaining('try again'),
    });
  });
});

describe('the session hook', () => {
  /** Sessions in memory with the gateway's cookie for `publicUrl`, behind a proxy on loopback. */
  function app(publicUrl: string) {
    const { name, options } = sessionCookie({ PUBLIC_URL: publicUrl });
    const fastify = Fastify({ trustProxy: 'loopback' });
    sessionHookInMemory(fastify, name, { ...options, maxAge: 30 * DAY_MS });
    const signIn = (req: { session?: { userId?: string } }) => {
      if (req.session) req.session.userId = 'member-1';
      return { signedIn: Boolean(req.session) };
    };
    fastify.get('/api/callback', (req) => signIn(req));
    fastify.get('/assets/callback', (req) => signIn(req));
    return serve(fastify);
  }

  it('runs on /api only: elsewhere (static files, images) there is no session and no Redis read', async () => {
    const server = await app('http://127.0.0.1:8080');
    expect((await request(server).get('/api/callback')).body).toEqual({ signedIn: true });
    const elsewhere = await request(server).get('/assets/callback');
    expect(elsewhere.body).toEqual({ signedIn: false });
    expect(elsewhere.headers['set-cookie']).toBeUndefined();
  });

  it('sets the Secure __Host- cookie behind the TLS proxy (X-Forwarded-Proto https from loopback)', async () => {
    const server = await app('https://daybreak.example');
    const response = await request(server).get('/api/callback').set('X-Forwarded-Proto', 'https');
    const cookie = (response.headers['set-cookie'] as unknown as string[] | undefined)?.[0] ?? '';
    expect(cookie).toMatch(/^__Host-daybreak\.sid=s%3A/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
  });

  it('never sends the Secure cookie over plain http (no proxy saying https)', async () => {
    const server = await app('https://daybreak.example');
    const response = await request(server).get('/api/callback');
    expect(response.headers['set-cookie']).toBeUndefined();
  });
});

describe('reading a session without express-session (SessionReads)', () => {
  /** /api/callback signs in (as the real one does, through express-session); /api/me says who. */
  async function app(storedCopy?: (sessionId: string) => string | null | undefined) {
    const fastify = Fastify();
    const hook = sessionHookInMemory(fastify, 'sid', { maxAge: 30 * DAY_MS }, storedCopy);
    fastify.get('/api/callback', (request) => {
      const session = sessionToChange(request);
      session.userId = 'member-1';
      session.signedInAt = Date.now();
      return {};
    });
    fastify.get('/api/me', (request) => ({ userId: request.session?.userId ?? null }));
    fastify.get('/api/session-id', (request) => ({ sessionId: sessionIdOf(request) ?? null }));
    // A handler that writes to the session it was given (no route but the auth ones may).
    fastify.get('/api/scribble', (request) => {
      const session = request.session as RequestSession;
      session.cookie.maxAge = 1;
      session.userId = 'someone-else';
      return {};
    });
    fastify.get('/api/cookie', (request) => ({ originalMaxAge: request.session?.cookie?.originalMaxAge }));
    const agent = request.agent(await serve(fastify));
    const signedIn = await agent.get('/api/callback').expect(200);
    const cookie = (signedIn.headers['set-cookie'] as unknown as string[])[0].split(';')[0];
    hook.middleware.mockClear();
    return { ...hook, agent, cookie, server: fastify.server };
  }

  it("gives a member's ordinary requests their session, without running express-session", async () => {
    const { agent, middleware } = await app();
    for (let i = 0; i < 3; i++) {
      const me = await agent.get('/api/me').expect(200);
      expect(me.body).toEqual({ userId: 'member-1' });
      expect(me.headers['set-cookie']).toBeUndefined();
    }
    expect(middleware).not.toHaveBeenCalled();
  });

  // What outlives the request by the session's id (SessionWatch: the unread-count stream) finds it.
  it("gives a member's ordinary request the id of their session, as express-session does", async () => {
    const { agent, middleware, store } = await app();
    const [sessionId] = await new Promise<string[]>((resolve) =>
      store.all((_error, sessions) => resolve(Object.keys(sessions ?? {}))),
    );
    expect((await agent.get('/api/session-id').expect(200)).body).toEqual({ sessionId });
    expect(middleware).not.toHaveBeenCalled();
  });

  it('treats a cookie with a wrong signature as no session', async () => {
    const { server, cookie, middleware } = await app();
    const forged = `${cookie.slice(0, -3)}${cookie.endsWith('abc') ? 'xyz' : 'abc'}`;
    const me = await request(server).get('/api/me').set('Cookie', forged).expect(200);
    expect(me.body).toEqual({ userId: null });
    // Handed to express-session, which found nothing either.
    expect(middleware).toHaveBeenCalledTimes(1);
  });

  it('does not read a session the store no longer has (signed out elsewhere)', async () => {
    const { agent, store } = await app();
    await new Promise<void>((resolve) => store.clear!(() => resolve()));
    expect((await agent.get('/api/me').expect(200)).body).toEqual({ userId: null });
  });

  it('leaves the sign-in and sign-out routes to express-session', async () => {
    const { agent, middleware } = await app();
    await agent.get('/api/callback').expect(200);
    expect(middleware).toHaveBeenCalledTimes(1);
  });

  it("runs nothing for a guest's request: no session, no cookie", async () => {
    const { server, middleware } = await app();
    const me = await request(server).get('/api/me').expect(200);
    expect(me.body).toEqual({ userId: null });
    expect(me.headers['set-cookie']).toBeUndefined();
    expect(middleware).not.toHaveBeenCalled();
  });

  describe("from this process' copy of the stored session", () => {
    /** The app, with copies of the stored sessions (JSON, as Redis holds them) that a test controls. */
    async function withCopies() {
      const copies = new Map<string, string | null>();
      const signedIn = await app((sessionId) => copies.get(sessionId));
      const [sessionId, json] = Object.entries(
        (signedIn.store as unknown as { sessions: Record<string, string> }).sessions,
      )[0];
      copies.set(sessionId, json);
      const get = jest.spyOn(signedIn.store, 'get');
      return { ...signedIn, copies, sessionId, json, get };
    }

    it('reads the session from the copy, asking neither the store nor express-session', async () => {
      const { agent, get, middleware } = await withCopies();
      for (let i = 0; i < 3; i++)
        expect((await agent.get('/api/me').expect(200)).body).toEqual({ userId: 'member-1' });
      expect(get).not.toHaveBeenCalled();
      expect(middleware).not.toHaveBeenCalled();
    });

    it('reads a changed copy anew', async () => {
      const { agent, copies, sessionId, json } = await withCopies();
      await agent.get('/api/me').expect(200);
      copies.set(sessionId, JSON.stringify({ ...JSON.parse(json), userId: 'member-2' }));
      expect((await agent.get('/api/me').expect(200)).body).toEqual({ userId: 'member-2' });
    });

    it('treats a copy that says there is no session as none (signed out elsewhere)', async () => {
      const { agent, copies, sessionId, store } = await withCopies();
      copies.set(sessionId, null);
      await new Promise<void>((resolve) => store.destroy(sessionId, () => resolve()));
      expect((await agent.get('/api/me').expect(200)).body).toEqual({ userId: null });
    });

    it('gives a request its session frozen: a handler cannot write to it, and the next reads it unchanged', async () => {
      const { agent } = await withCopies();
      const before = (await agent.get('/api/cookie').expect(200)).body;
      expect(before.originalMaxAge).toBeGreaterThan(0);
      // TypeError: the session and its cookie are frozen (Fastify's own error answer, in this app).
      await agent.get('/api/scribble').expect(500);
      expect((await agent.get('/api/me').expect(200)).body).toEqual({ userId: 'member-1' });
      expect((await agent.get('/api/cookie').expect(200)).body).toEqual(before);
    });

    it('asks the store when there is no fresh copy', async () => {
      const { agent, copies, sessionId, get } = await withCopies();
      copies.delete(sessionId);
      expect((await agent.get('/api/me').expect(200)).body).toEqual({ userId: 'member-1' });
      expect(get).toHaveBeenCalledTimes(1);
    });
  });
});
