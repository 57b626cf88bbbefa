import express from 'express';
import Redis from 'ioredis';
import request from 'supertest';
import type { GatewayConfig } from '../src/config';
import { SESSION_EXTEND_EVERY_MS, createSessionMiddleware } from '../src/auth/session';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** The gateway's session middleware against real Redis: what a member's requests cost it. */
describe('createSessionMiddleware (real Redis)', () => {
  const redis = new Redis(process.env.REDIS_URL!);
  beforeAll(() => redis.ping());
  afterAll(() => redis.quit());

  /** /sign-in?extendedAgo=<ms> signs a member in, as if the session was last extended that long ago. */
  function app() {
    const config = {
      PUBLIC_URL: 'http://127.0.0.1:8080',
      SESSION_SECRET: 'integration-test-only',
    } as GatewayConfig;
    const server = express();
    server.use(createSessionMiddleware(config, redis));
    server.get('/sign-in', (req, res) => {
      req.session.userId = 'member-1';
      req.session.signedInAt = Date.now() - 10 * DAY_MS;
      req.session.extendedAt = Date.now() - Number(req.query.extendedAgo);
      res.end();
    });
    server.get('/me', (req, res) => res.json({ userId: req.session.userId ?? null }));
    return server;
  }

  /** Signs in; resolves to the agent and the session's Redis key, its expiry cut to an hour. */
  async function signedIn(extendedAgo: number) {
    const agent = request.agent(app());
    const response = await agent.get(`/sign-in?extendedAgo=${extendedAgo}`).expect(200);
    const cookie = (response.headers['set-cookie'] as unknown as string[])[0]!;
    const sid = decodeURIComponent(/daybreak\.sid=([^;]+)/.exec(cookie)![1]!)
      .slice(2)
      .split('.')[0];
    const key = `sess:${sid}`;
    expect(await redis.pttl(key)).toBeGreaterThan(29 * DAY_MS);
    // As if the idle expiry had been set long ago: any write to it would show.
    await redis.pexpire(key, HOUR_MS);
    return { agent, key, stored: await redis.get(key) };
  }

  const expiresIn = (setCookie: string[] | undefined) => {
    const expires = /Expires=([^;]+)/.exec(setCookie?.[0] ?? '')?.[1];
    return expires ? Date.parse(expires) - Date.now() : null;
  };

  it("answers a member's ordinary request from one read: no write to Redis, no new cookie", async () => {
    const { agent, key, stored } = await signedIn(SESSION_EXTEND_EVERY_MS - HOUR_MS);
    const me = await agent.get('/me').expect(200);
    expect(me.body).toEqual({ userId: 'member-1' });
    expect(me.headers['set-cookie']).toBeUndefined();
    expect(await redis.pttl(key)).toBeLessThanOrEqual(HOUR_MS);
    expect(await redis.get(key)).toBe(stored);
  });

  it('pushes the Redis expiry and the cookie 30 days ahead on the first request a day after the last extension', async () => {
    const { agent, key } = await signedIn(SESSION_EXTEND_EVERY_MS + HOUR_MS);
    const me = await agent.get('/me').expect(200);
    expect(me.body).toEqual({ userId: 'member-1' });
    expect(expiresIn(me.headers['set-cookie'] as unknown as string[])).toBeGreaterThan(29 * DAY_MS);
    expect(await redis.pttl(key)).toBeGreaterThan(29 * DAY_MS);
  });
});
