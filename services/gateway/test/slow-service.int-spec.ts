import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DynamicModule, Module } from '@nestjs/common';
import { createServiceApp, fastifyOf } from '@daybreak/nest-common';
import { RedisModule } from '@daybreak/redis';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { BadgesController } from '../src/badges/badges.controller';
import { GATEWAY_CONFIG, GatewayConfig } from '../src/config';
import { StreaksClient } from '../src/downstream/streaks.client';
import { RateLimitGuard } from '../src/security/rate-limit.guard';

/** The gateway's limits in this test: a second where production waits ten. */
const TIMEOUT_SECONDS = 1;
const CONNECTIONS = 2;
const QUEUE = 2;
/** What a 504 may take past the timeout on a busy 2-core machine. */
const SLACK_MS = 1_500;

/**
 * A service that hangs, behind the gateway's real client: a local HTTP server stands in for streaks.
 * `/badges` never answers; `/users/{stalling}/badges` sends its headers and half a body, then
 * nothing; `/users/{databaseSlow}/badges` answers the service's own 503; any other member's badges
 * answer at once. Sessions don't matter to these routes.
 */
describe('a service that hangs (gateway → service limits)', () => {
  const stalling = randomUUID();
  const databaseSlow = randomUUID();
  const hanging = new Set<http.ServerResponse>();
  let streaksStub: http.Server;
  let app: NestFastifyApplication;
  let baseUrl: string;

  beforeAll(async () => {
    streaksStub = http.createServer((req, res) => {
      if (req.url?.startsWith('/badges')) return void hanging.add(res);
      if (req.url === `/users/${stalling}/badges`) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('[{"id":');
        return void hanging.add(res);
      }
      if (req.url === `/users/${databaseSlow}/badges`) {
        const body = { statusCode: 503, code: 'DATABASE.TIMEOUT', message: 'Please try again in a moment.' };
        return void res.writeHead(503, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
    });
    await new Promise<void>((resolve) => streaksStub.listen(0, '127.0.0.1', resolve));
    const config = {
      REDIS_URL: process.env.REDIS_URL!,
      // The routes' read limits (a guest's, by address) stay out of the way of these calls.
      GUEST_READ_RATE_LIMIT: 100_000,
      READ_RATE_LIMIT: 100_000,
      STREAKS_URL: `http://127.0.0.1:${(streaksStub.address() as AddressInfo).port}`,
      IDENTITY_PRIVATE_KEY: process.env.IDENTITY_PRIVATE_KEY!,
      DOWNSTREAM_CONNECTIONS: CONNECTIONS,
      DOWNSTREAM_QUEUE: QUEUE,
      DOWNSTREAM_HEADERS_TIMEOUT_SECONDS: TIMEOUT_SECONDS,
      DOWNSTREAM_BODY_TIMEOUT_SECONDS: TIMEOUT_SECONDS,
    } as GatewayConfig;
    @Module({})
    class SlowServiceTestModule {}
    const module: DynamicModule = {
      module: SlowServiceTestModule,
      imports: [RedisModule.forRoot(config.REDIS_URL)],
      controllers: [BadgesController],
      providers: [{ provide: GATEWAY_CONFIG, useValue: config }, StreaksClient, RateLimitGuard],
    };
    app = await createServiceApp(module, { name: 'gateway', logLevel: 'silent' });
    fastifyOf(app).decorateRequest('session', undefined);
    await app.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    for (const res of hanging) res.destroy();
    await app?.close();
    streaksStub.closeAllConnections();
    await new Promise((resolve) => streaksStub.close(resolve));
  });

  const timed = async (path: string) => {
    const started = performance.now();
    const response = await fetch(`${baseUrl}${path}`);
    const body = (await response.json()) as { code?: string; message?: string };
    return {
      status: response.status,
      code: body.code,
      message: body.message,
      ms: performance.now() - started,
    };
  };

  it('answers 504 UPSTREAM.TIMEOUT within the headers timeout, and answers other routes meanwhile', async () => {
    const slow = timed('/api/badges');
    // While the first waits, a route that the service answers is answered at once.
    const other = await timed(`/api/profile/${randomUUID()}/badges`);
    expect(other.status).toBe(200);
    expect(other.ms).toBeLessThan(TIMEOUT_SECONDS * 1000);

    const answer = await slow;
    expect(answer).toMatchObject({ status: 504, code: 'UPSTREAM.TIMEOUT' });
    expect(answer.message).toMatch(/try again/i);
    expect(answer.ms).toBeGreaterThanOrEqual(TIMEOUT_SECONDS * 1000 - 50);
    expect(answer.ms).toBeLessThan(TIMEOUT_SECONDS * 1000 + SLACK_MS);
  });

  it('answers 504 when the service stops sending its body midway', async () => {
    const answer = await timed(`/api/profile/${stalling}/badges`);
    expect(answer).toMatchObject({ status: 504, code: 'UPSTREAM.TIMEOUT' });
    expect(answer.ms).toBeLessThan(TIMEOUT_SECONDS * 1000 + SLACK_MS);
  });

  it("passes on a service's own 503 (its database too slow) with its code, not as a 502", async () => {
    expect(await timed(`/api/profile/${databaseSlow}/badges`)).toMatchObject({
      status: 503,
      code: 'DATABASE.TIMEOUT',
      message: 'Please try again in a moment.',
    });
  });

  it('holds at most its connections and queue: the rest get 503 UPSTREAM.BUSY at once, and it recovers', async () => {
    const started = performance.now();
    const answers = await Promise.all(Array.from({ length: 12 }, () => timed('/api/badges')));
    const byCode = (code: string) => answers.filter((answer) => answer.code === code);

    // The connections' requests and the queued ones time out; none waits past its deadline.
    expect(byCode('UPSTREAM.TIMEOUT').length).toBeLessThanOrEqual(CONNECTIONS + QUEUE);
    expect(byCode('UPSTREAM.BUSY').length).toBeGreaterThanOrEqual(12 - CONNECTIONS - QUEUE);
    expect(byCode('UPSTREAM.TIMEOUT').length + byCode('UPSTREAM.BUSY').length).toBe(12);
    for (const busy of byCode('UPSTREAM.BUSY')) expect(busy.status).toBe(503);
    expect(Math.min(...byCode('UPSTREAM.BUSY').map((answer) => answer.ms))).toBeLessThan(500);
    expect(performance.now() - started).toBeLessThan(TIMEOUT_SECONDS * 1000 + SLACK_MS);

    // Once they timed out, the service's other routes are answered again at once.
    const after = await timed(`/api/profile/${randomUUID()}/badges`);
    expect(after).toMatchObject({ status: 200 });
    expect(after.ms).toBeLessThan(500);
  });
});
