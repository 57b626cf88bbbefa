import Fastify from 'fastify';
import Redis from 'ioredis';
import request from 'supertest';
import type { GatewayConfig } from '../src/config';
import { sessionToChange, sessionsOnApi } from '../src/auth/session';
import { checkOrigins } from '../src/security/origin-check';

const PUBLIC_URL = 'http://127.0.0.1:8080';

/**
 * The gateway's hooks on /api (the session, the origin check) against real Redis, with routes that
 * stand in for the gateway's sign-in, session check and sign-out.
 */
describe('the session hook and the origin check on /api (real Redis)', () => {
  const redis = new Redis(process.env.REDIS_URL!);
  const fastify = Fastify();

  beforeAll(async () => {
    await redis.ping();
    const config = { PUBLIC_URL, SESSION_SECRET: 'integration-test-only' } as GatewayConfig;
    sessionsOnApi(fastify, config, redis);
    checkOrigins(fastify, [PUBLIC_URL]);
    fastify.get('/api/callback', (req, reply) => {
      const session = sessionToChange(req);
      session.userId = 'member-escaped';
      session.signedInAt = Date.now();
      return reply.send('');
    });
    fastify.get('/api/me', (req) => ({ userId: req.session?.userId ?? null }));
    fastify.get('/api/catalogue', (_req, reply) =>
      reply.header('Cache-Control', 'public, max-age=60').send([]),
    );
    fastify.post('/api/logout', (req, reply) => {
      sessionToChange(req).destroy(() => void reply.code(204).send());
      return reply;
    });
    await fastify.ready();
  });

  afterAll(async () => {
    await fastify.close();
    await redis.quit();
  });

  async function signedIn() {
    const agent = request.agent(fastify.server);
    await agent.get('/api/callback').expect(200);
    return agent;
  }

  it("answers a member's requests `private, no-store`, and a guest's as the route says", async () => {
    const agent = await signedIn();
    const member = await agent.get('/api/me').expect(200);
    expect(member.headers['cache-control']).toBe('private, no-store');
    // Refusals and hooks' answers too: a 403 is that member's as well.
    const refused = await agent.post('/api/logout').set('origin', 'https://evil.example').expect(403);
    expect(refused.headers['cache-control']).toBe('private, no-store');
    // A route that says otherwise still can.
    const catalogue = await agent.get('/api/catalogue').expect(200);
    expect(catalogue.headers['cache-control']).toBe('public, max-age=60');

    const guest = await request(fastify.server).get('/api/me').expect(200);
    expect(guest.body).toEqual({ userId: null });
    expect(guest.headers['cache-control']).toBeUndefined();
  });

  // `/api` spelt with percent-escapes reaches the same routes (Fastify's router decodes them), so the
  // session hook and the origin check must see it as /api too.
  const SPELLINGS = ['/%61pi', '/a%70i', '/ap%69', '/%61%70%69'];

  it.each(SPELLINGS)(
    'refuses a cross-site POST to %s/logout as it does /api/logout, and the session still works',
    async (prefix) => {
      const agent = await signedIn();
      for (const path of ['/api/logout', `${prefix}/logout`]) {
        const refused = await agent.post(path).set('origin', 'https://evil.example');
        expect({ path, status: refused.status, code: refused.body.code }).toEqual({
          path,
          status: 403,
          code: 'AUTH.BAD_ORIGIN',
        });
        expect(refused.headers['set-cookie']).toBeUndefined();
      }
      expect((await agent.get('/api/me').expect(200)).body).toEqual({ userId: 'member-escaped' });
      // The same member, read through the escaped spelling: the session hook ran for it.
      expect((await agent.get(`${prefix}/me`).expect(200)).body).toEqual({ userId: 'member-escaped' });
    },
  );

  it('signs out through the escaped spelling from the site itself, as through /api/logout', async () => {
    const agent = await signedIn();
    await agent.post('/%61pi/logout').set('origin', PUBLIC_URL).expect(204);
    expect((await agent.get('/api/me').expect(200)).body).toEqual({ userId: null });
  });
});
