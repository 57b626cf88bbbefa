import { randomUUID } from 'node:crypto';
import { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { TooManyRequestsError } from '@daybreak/nest-common';
import Redis from 'ioredis';
import { GatewayConfig } from '../src/config';
import { RateLimitGuard, RateLimitRule } from '../src/security/rate-limit';
import { SessionsUnavailableError } from '../src/security/redis-unavailable';

/** The guard against real Redis: one guest address per test, so every test has a fresh bucket. */
describe('RateLimitGuard (real Redis)', () => {
  const redis = new Redis(process.env.REDIS_URL!);
  // The guard answers 503 until the connection is ready (as while Redis is away).
  beforeAll(() => redis.ping());
  afterAll(() => redis.quit());

  function guardFor(rule: RateLimitRule, config: Partial<GatewayConfig> = {}, client = redis) {
    const reflector = { get: () => rule } as unknown as Reflector;
    const guard = new RateLimitGuard(reflector, client, config as GatewayConfig);
    const ip = `test-${randomUUID()}`;
    const headers: Record<string, string> = {};
    const context = {
      getHandler: () => undefined,
      switchToHttp: () => ({
        getRequest: () => ({ ip, session: {} }),
        getResponse: () => ({ setHeader: (name: string, value: string) => (headers[name] = value) }),
      }),
    } as unknown as ExecutionContext;
    return { attempt: () => guard.canActivate(context), headers, key: `ratelimit:${rule.name}:ip:${ip}` };
  }

  it('answers 503 with Retry-After at once, without waiting, while Redis is unreachable', async () => {
    const away = new Redis('redis://127.0.0.1:1', { lazyConnect: true });
    const { attempt, headers } = guardFor({ name: 'post', limit: 3, windowSeconds: 60 }, {}, away);
    const started = Date.now();
    await expect(attempt()).rejects.toBeInstanceOf(SessionsUnavailableError);
    expect(Date.now() - started).toBeLessThan(50);
    expect(headers['Retry-After']).toBe('5');
    away.disconnect();
  });

  it('lets `limit` requests through in a window, then answers 429 with the seconds left', async () => {
    const { attempt, headers } = guardFor({ name: 'post', limit: 3, windowSeconds: 60 });
    for (let i = 0; i < 3; i++) await expect(attempt()).resolves.toBe(true);
    await expect(attempt()).rejects.toBeInstanceOf(TooManyRequestsError);
    expect(Number(headers['Retry-After'])).toBeGreaterThan(0);
    expect(Number(headers['Retry-After'])).toBeLessThanOrEqual(60);
  });

  it('opens the window at the first request and does not extend it with later ones', async () => {
    const { attempt, key } = guardFor({ name: 'post', limit: 5, windowSeconds: 60 });
    await attempt();
    await redis.pexpire(key, 30_000); // as if the first request came 30 s ago
    await attempt();
    expect(await redis.pttl(key)).toBeLessThanOrEqual(30_000);
  });

  it('reads a limit given as a function from the gateway config', async () => {
    const rule = {
      name: 'login',
      limit: (config: GatewayConfig) => config.LOGIN_RATE_LIMIT,
      windowSeconds: 60,
    };
    const { attempt } = guardFor(rule, { LOGIN_RATE_LIMIT: 2 });
    await expect(attempt()).resolves.toBe(true);
    await expect(attempt()).resolves.toBe(true);
    await expect(attempt()).rejects.toBeInstanceOf(TooManyRequestsError);
  });
});
