import { randomUUID } from 'node:crypto';
import { Controller, DynamicModule, Get, Module, Req } from '@nestjs/common';
import { createServiceApp, fastifyOf } from '@daybreak/nest-common';
import { REDIS, RedisModule } from '@daybreak/redis';
import { waitFor } from '@daybreak/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyRequest } from 'fastify';
import type Redis from 'ioredis';
import request from 'supertest';
import { listStoredSessions } from '../src/auth/member-sessions-backfill';
import { memberSessionsKey } from '../src/auth/member-sessions';
import { sessionsOnApi } from '../src/auth/session';
import { save, sessionOf } from '../src/auth/session-changes';
import { GatewaySessionStore, SESSION_STORE, redisSessionStore } from '../src/auth/session-store';
import { SessionWatch } from '../src/auth/session-watch';
import { sessionUserId } from '../src/auth/session-user';
import { SessionsController } from '../src/auth/sessions.controller';
import { GATEWAY_CONFIG, GatewayConfig } from '../src/config';
import { RateLimitGuard } from '../src/security/rate-limit.guard';

/** Stand-ins for the real sign-in (tested against the whole stack) and for any member's request. */
@Controller('api')
class TestSessionsController {
  /** Signs in as `?as=<member>`, through express-session as the real callback does. */
  @Get('callback')
  async signIn(@Req() req: FastifyRequest): Promise<object> {
    const session = sessionOf(req);
    session.userId = (req.query as { as: string }).as;
    session.signedInAt = Date.now();
    await save(req);
    return {};
  }

  /** A member's ordinary request: the session read as it is, from this process' copy once it has one. */
  @Get('me')
  me(@Req() req: FastifyRequest): object {
    return { userId: sessionUserId(req) };
  }
}

/**
 * POST /api/sessions/revoke-all in two gateway apps (as two processes) on real Redis: the member's
 * sessions end on both, another member's stay.
 */
describe('POST /api/sessions/revoke-all (real Redis)', () => {
  const config = {
    REDIS_URL: process.env.REDIS_URL!,
    PUBLIC_URL: 'http://127.0.0.1:8080',
    SESSION_SECRET: 'integration-test-only',
  } as GatewayConfig;
  const apps: NestFastifyApplication[] = [];

  async function gatewayApp() {
    @Module({})
    class SignOutEverywhereTestModule {}
    const module: DynamicModule = {
      module: SignOutEverywhereTestModule,
      imports: [RedisModule.forRoot(config.REDIS_URL)],
      controllers: [SessionsController, TestSessionsController],
      providers: [
        { provide: GATEWAY_CONFIG, useValue: config },
        { provide: SESSION_STORE, useFactory: redisSessionStore, inject: [REDIS] },
        SessionWatch,
        RateLimitGuard,
      ],
    };
    const app = await createServiceApp(module, { name: 'gateway', logLevel: 'silent' });
    apps.push(app);
    const redis = app.get<Redis>(REDIS);
    sessionsOnApi(fastifyOf(app), config, redis, app.get<GatewaySessionStore>(SESSION_STORE));
    await app.init();
    await fastifyOf(app).ready();
    await redis.ping();
    return { server: app.getHttpServer(), redis, watch: app.get(SessionWatch) };
  }

  let first: Awaited<ReturnType<typeof gatewayApp>>;
  let second: Awaited<ReturnType<typeof gatewayApp>>;
  beforeAll(async () => {
    first = await gatewayApp();
    second = await gatewayApp();
  });
  afterAll(() => Promise.all(apps.map((app) => app.close())));

  /** Signs `userId` in on `server`: the cookie to send, and the session's id. */
  async function signIn(server: unknown, userId: string) {
    const response = await request(server as never)
      .get(`/api/callback?as=${userId}`)
      .expect(200);
    const cookie = (response.headers['set-cookie'] as unknown as string[])[0]!.split(';')[0]!;
    const sessionId = decodeURIComponent(cookie.split('=')[1]!).slice(2).split('.')[0]!;
    return { cookie, sessionId };
  }

  /** Who `server` says the holder of `cookie` is. */
  const whoOn = async (server: unknown, cookie: string) =>
    (
      (
        await request(server as never)
          .get('/api/me')
          .set('cookie', cookie)
          .expect(200)
      ).body as { userId: string | null }
    ).userId;

  const revokeAll = (server: unknown, cookie?: string) => {
    const post = request(server as never).post('/api/sessions/revoke-all');
    return cookie ? post.set('cookie', cookie) : post;
  };

  it("ends every session of the member on every process, this one included, and no one else's", async () => {
    const member = randomUUID();
    const other = randomUUID();
    const here = await signIn(first.server, member);
    const elsewhere = await signIn(second.server, member);
    const someoneElse = await signIn(second.server, other);
    // Each process keeps a copy of each session it read.
    for (const app of [first, second]) {
      expect(await whoOn(app.server, here.cookie)).toBe(member);
      expect(await whoOn(app.server, elsewhere.cookie)).toBe(member);
      expect(await whoOn(app.server, someoneElse.cookie)).toBe(other);
    }
    // The unread stream of the other device's session, open on the other process.
    let streamEnded = false;
    const stopWatching = second.watch.watch(elsewhere.sessionId, () => (streamEnded = true));

    const response = await revokeAll(first.server, here.cookie).expect(204);
    expect((response.headers['set-cookie'] as unknown as string[]).join()).toMatch(
      /daybreak\.sid=;.*Expires=Thu, 01 Jan 1970/,
    );

    // Gone from Redis, and refused at once by the process that ended them.
    expect(await first.redis.exists(`sess:${here.sessionId}`, `sess:${elsewhere.sessionId}`)).toBe(0);
    expect(await first.redis.exists(memberSessionsKey(member))).toBe(0);
    expect(await whoOn(first.server, here.cookie)).toBeNull();
    expect(await whoOn(first.server, elsewhere.cookie)).toBeNull();
    // The other process hears the deletions within a millisecond or so; its copies would otherwise
    // serve for 5 s (SESSION_COPY_TTL_MS), so 2 s at most tells the two apart.
    await waitFor(
      async () =>
        (await whoOn(second.server, here.cookie)) === null &&
        (await whoOn(second.server, elsewhere.cookie)) === null &&
        streamEnded,
      { timeoutMs: 2_000, intervalMs: 20, description: "the other process refusing the member's sessions" },
    );
    stopWatching();
    // The other member stays signed in, on both.
    expect(await whoOn(first.server, someoneElse.cookie)).toBe(other);
    expect(await whoOn(second.server, someoneElse.cookie)).toBe(other);
  });

  it("keeps the member's index in step: listed at sign-in for as long as the session, off it at sign-out", async () => {
    const member = randomUUID();
    const { sessionId } = await signIn(first.server, member);
    const index = memberSessionsKey(member);
    expect(await first.redis.zrange(index, 0, -1)).toEqual([sessionId]);
    const [sessionExpiry, indexExpiry] = await Promise.all([
      first.redis.pexpiretime(`sess:${sessionId}`),
      first.redis.pexpiretime(index),
    ]);
    expect(indexExpiry).toBeGreaterThanOrEqual(sessionExpiry - 1_000);
    // Deleted through the store, as sign-out and the new id at sign-in delete a session.
    const { store } = redisSessionStore(first.redis);
    await new Promise((resolve) => store.destroy(sessionId, resolve));
    expect(await first.redis.zrange(index, 0, -1)).toEqual([]);
  });

  it('ends the sessions saved before the index existed once they are listed', async () => {
    const member = randomUUID();
    const { cookie, sessionId } = await signIn(first.server, member);
    // As a gateway from before the index left it.
    await first.redis.del(memberSessionsKey(member));
    expect(await listStoredSessions(first.redis)).toBeGreaterThan(0);
    expect(await first.redis.zrange(memberSessionsKey(member), 0, -1)).toEqual([sessionId]);
    await revokeAll(second.server, cookie).expect(204);
    expect(await first.redis.exists(`sess:${sessionId}`)).toBe(0);
  });

  it('answers a guest 401', async () => {
    const response = await revokeAll(first.server).expect(401);
    expect(response.body).toMatchObject({ statusCode: 401 });
  });
});
