import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Controller, DynamicModule, HttpCode, Module, Post, UseGuards } from '@nestjs/common';
import { createServiceApp, fastifyOf } from '@daybreak/nest-common';
import { REDIS, RedisModule } from '@daybreak/redis';
import type Redis from 'ioredis';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { MemberGuard } from '../src/auth/session-user';
import { GATEWAY_CONFIG, GatewayConfig } from '../src/config';
import { RateLimit } from '../src/security/rate-limit';

/** A bucket of its own per run, so a window left in Redis by an earlier run can't refuse this one. */
const rule = (route: string) => ({ name: `${route}-${randomUUID()}`, limit: 2, windowSeconds: 60 });

/** Routes that say only `@RateLimit` (no guard by hand), members only, their decorators both ways round. */
@Controller('api/limited')
class LimitedController {
  @Post('open')
  @HttpCode(200)
  @RateLimit(rule('open'))
  open(): object {
    return {};
  }

  @Post('members-below')
  @RateLimit(rule('members-below'))
  @UseGuards(MemberGuard)
  membersBelow(): object {
    return {};
  }

  @Post('members-above')
  @UseGuards(MemberGuard)
  @RateLimit(rule('members-above'))
  membersAbove(): object {
    return {};
  }
}

/** `@RateLimit` in a Nest app on Fastify, against real Redis: the label is the limit. */
describe('a route with @RateLimit (real Redis)', () => {
  let app: NestFastifyApplication;
  let baseUrl: string;

  beforeAll(async () => {
    const config = { REDIS_URL: process.env.REDIS_URL! } as GatewayConfig;
    @Module({})
    class LimitedRouteTestModule {}
    const module: DynamicModule = {
      module: LimitedRouteTestModule,
      imports: [RedisModule.forRoot(config.REDIS_URL)],
      controllers: [LimitedController],
      providers: [{ provide: GATEWAY_CONFIG, useValue: config }],
    };
    app = await createServiceApp(module, { name: 'gateway', logLevel: 'silent' });
    // Guests: no session hook here, so no request has a session.
    fastifyOf(app).decorateRequest('session', undefined);
    // The guard answers 503 until its client is connected (as while Redis is away).
    await app.get<Redis>(REDIS).ping();
    await app.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  });
  afterAll(() => app?.close());

  /** The statuses of `count` requests in a row, and the last one's Retry-After. */
  async function statusesOf(path: string, count: number) {
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < count; i++) {
      const response = await fetch(`${baseUrl}/api/limited/${path}`, { method: 'POST' });
      statuses.push(response.status);
      retryAfter = response.headers.get('retry-after');
    }
    return { statuses, retryAfter };
  }

  it('refuses the request past the limit with 429 and Retry-After, with no guard declared by hand', async () => {
    const { statuses, retryAfter } = await statusesOf('open', 3);
    expect(statuses).toEqual([200, 200, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });

  it("counts a request before the route's other guards refuse it, whichever order they are written in", async () => {
    // A guest is refused by MemberGuard (401) until the limit, counted first, refuses it (429).
    expect((await statusesOf('members-below', 3)).statuses).toEqual([401, 401, 429]);
    expect((await statusesOf('members-above', 3)).statuses).toEqual([401, 401, 429]);
  });
});
