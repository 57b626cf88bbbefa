import { waitFor } from '@daybreak/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import Redis from 'ioredis';
import request from 'supertest';
import type { GatewayConfig } from '../src/config';
import { sessionToChange, sessionsOnApi } from '../src/auth/session';
import { SESSION_EXTEND_EVERY_MS } from '../src/auth/session-lifetime';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** The gateway's session hook against real Redis: what a member's requests cost it. */
describe('sessionsOnApi (real Redis)', () => {
  const redis = new Redis(process.env.REDIS_URL!);
  const apps: FastifyInstance[] = [];
  beforeAll(() => redis.ping());
  afterAll(async () => {
    await Promise.all(apps.map((fastify) => fastify.close()));
    await redis.quit();
  });

  /**
   * /api/callback?extendedAgo=<ms>[&as=<id>] signs a member in (as the real route, through express-session) (member-1 by default), as if the session was
   * last extended that long ago.
   */
  function app() {
    const config = {
      PUBLIC_URL: 'http://127.0.0.1:8080',
      SESSION_SECRET: 'integration-test-only',
    } as GatewayConfig;
    const fastify = Fastify();
    apps.push(fastify);
    sessionsOnApi(fastify, config, redis);
    fastify.get('/api/callback', (req, reply) => {
      const query = req.query as { extendedAgo: string; as?: string };
      const session = sessionToChange(req);
      session.userId = query.as ?? 'member-1';
      session.signedInAt = Date.now() - 10 * DAY_MS;
      session.extendedAt = Date.now() - Number(query.extendedAgo);
      return reply.send('');
    });
    fastify.get('/api/me', (req) => ({ userId: req.session?.userId ?? null }));
    fastify.post('/api/logout', (req, reply) => {
      sessionToChange(req).destroy(() => void reply.code(204).send());
      return reply;
    });
    return fastify.ready().then(() => fastify.server);
  }

  /** Signs in; resolves to the agent and the session's Redis key, its expiry cut to an hour. */
  async function signedIn(extendedAgo: number) {
    const agent = request.agent(await app());
    const response = await agent.get(`/api/callback?extendedAgo=${extendedAgo}`).expect(200);
    const cookie = (response.headers['set-cookie'] as unknown as string[])[0]!;
    const sid = decodeURIComponent(/daybreak\.sid=([^;]+)/.exec(cookie)![1]!)
      .slice(2)
      .split('.')[0];
    const key = `sess:${sid}`;
    expect(await redis.pttl(key)).toBeGreaterThan(29 * DAY_MS);
    // As if the idle expiry had been set long ago: any write to it would show.
    await redis.pexpire(key, HOUR_MS);
    const cookiePair = cookie.split(';')[0]!;
    return { agent, key, cookiePair, stored: await redis.get(key) };
  }

  /** Who another gateway process (an app of its own, same Redis) says the cookie's holder is. */
  async function otherProcess() {
    const server = await app();
    return async (cookiePair: string) =>
      (
        (await request(server).get('/api/me').set('cookie', cookiePair).expect(200)).body as {
          userId: string | null;
        }
      ).userId;
  }

  const expiresIn = (setCookie: string[] | undefined) => {
    const expires = /Expires=([^;]+)/.exec(setCookie?.[0] ?? '')?.[1];
    return expires ? Date.parse(expires) - Date.now() : null;
  };

  it("answers a member's ordinary request from one read: no write to Redis, no new cookie", async () => {
    const { agent, key, stored } = await signedIn(SESSION_EXTEND_EVERY_MS - HOUR_MS);
    const me = await agent.get('/api/me').expect(200);
    expect(me.body).toEqual({ userId: 'member-1' });
    expect(me.headers['set-cookie']).toBeUndefined();
    expect(await redis.pttl(key)).toBeLessThanOrEqual(HOUR_MS);
    expect(await redis.get(key)).toBe(stored);
  });

  it('pushes the Redis expiry and the cookie 30 days ahead on the first request a day after the last extension', async () => {
    const { agent, key } = await signedIn(SESSION_EXTEND_EVERY_MS + HOUR_MS);
    const me = await agent.get('/api/me').expect(200);
    expect(me.body).toEqual({ userId: 'member-1' });
    expect(expiresIn(me.headers['set-cookie'] as unknown as string[])).toBeGreaterThan(29 * DAY_MS);
    expect(await redis.pttl(key)).toBeGreaterThan(29 * DAY_MS);
  });

  it('keeps a session it read in memory, and forgets it when another process ends it', async () => {
    const { agent, key, cookiePair, stored } = await signedIn(HOUR_MS);
    const whoOnOther = await otherProcess();
    expect(await whoOnOther(cookiePair)).toBe('member-1');

    // The Redis record changed behind the gateways' backs (not through a store): the copy answers.
    await redis.set(key, stored!.replace('member-1', 'member-2'), 'KEEPTTL');
    expect(await whoOnOther(cookiePair)).toBe('member-1');

    await agent.post('/api/logout').expect(204);
    expect(await redis.exists(key)).toBe(0);
    // The drop reaches the other process within a millisecond or so; its copy would otherwise live
    // 5 s (SESSION_COPY_TTL_MS), so waiting 2 s at most tells the two apart.
    await waitFor(async () => (await whoOnOther(cookiePair)) === null, {
      timeoutMs: 2_000,
      intervalMs: 20,
      description: 'the other process refusing the ended session',
    });
  });

  it('reads a session saved on another process again rather than keep its copy', async () => {
    const { agent, cookiePair } = await signedIn(HOUR_MS);
    const whoOnOther = await otherProcess();
    expect(await whoOnOther(cookiePair)).toBe('member-1');
    // Signed in again, as someone else, on the first process: the same session saved anew.
    await agent.get(`/api/callback?extendedAgo=${HOUR_MS}&as=member-3`).expect(200);
    await waitFor(async () => (await whoOnOther(cookiePair)) === 'member-3', {
      timeoutMs: 2_000,
      intervalMs: 20,
      description: 'the other process reading the saved session',
    });
  });
});
