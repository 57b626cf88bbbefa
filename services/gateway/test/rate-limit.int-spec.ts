import { randomUUID } from 'node:crypto';
import { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { TooManyRequestsError } from '@daybreak/nest-common';
import Redis from 'ioredis';
import { GatewayConfig } from '../src/config';
import { RateLimitGuard } from '../src/security/rate-limit.guard';
import type { RateLimitRule } from '../src/security/rate-limit-rule';
import { SessionsUnavailableError } from '../src/security/redis-unavailable';

/** The guard against real Redis: one guest address per test, so every test has a fresh bucket. */
describe('RateLimitGuard (real Redis)', () => {
  const redis = new Redis(process.env.REDIS_URL!);
  // The guard answers 503 until the connection is ready (as while Redis is away).
  beforeAll(() => redis.ping());
  afterAll(() => redis.quit());

  /** A request from `ip` (a fresh guest address unless given), signed in as `userId` if given. */
  function contextFor(ip: string, userId?: string, headers: Record<string, string> = {}) {
    return {
      getHandler: () => undefined,
      switchToHttp: () => ({
        getRequest: () => ({ ip, session: { userId } }),
        // A Fastify reply as far as the guard uses it.
        getResponse: () => ({ header: (name: string, value: string) => (headers[name] = value) }),
      }),
    } as unknown as ExecutionContext;
  }

  function guardFor(rule: RateLimitRule, config: Partial<GatewayConfig> = {}, client = redis) {
    const reflector = { get: () => rule } as unknown as Reflector;
    const guard = new RateLimitGuard(reflector, client, config as GatewayConfig);
    const ip = `test-${randomUUID()}`;
    const headers: Record<string, string> = {};
    const context = contextFor(ip, undefined, headers);
    return {
      guard,
      attempt: () => guard.canActivate(context),
      headers,
      key: `ratelimit:${rule.name}:ip:${ip}`,
    };
  }

  it('answers 503 with Retry-After at once, without queueing the command, while Redis is unreachable', async () => {
    const away = new Redis('redis://127.0.0.1:1', { lazyConnect: true });
    const { attempt, headers } = guardFor({ name: 'post', limit: 3, windowSeconds: 60 }, {}, away);
    // Rejected before any command: a lazy client that never connected would otherwise queue it.
    await expect(attempt()).rejects.toBeInstanceOf(SessionsUnavailableError);
    expect(headers['Retry-After']).toBe('5');
    away.disconnect();
  });

  it('lets a rule that says so through uncounted while Redis is unreachable (guests read on)', async () => {
    const away = new Redis('redis://127.0.0.1:1', { lazyConnect: true });
    const rule = { name: 'read', limit: 1, uncountedWithoutRedis: true as const, windowSeconds: 60 };
    const { attempt } = guardFor(rule, {}, away);
    await expect(attempt()).resolves.toBe(true);
    await expect(attempt()).resolves.toBe(true);
    away.disconnect();
  });

  /** A random /64 under 2001:db8::/32 (documentation addresses), as its first four groups. */
  const random64 = () => `2001:db8:${randomUUID().slice(0, 4)}:${randomUUID().slice(0, 4)}`;

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

  it('counts two IPv6 addresses of one /64 in one bucket, and another /64 in its own', async () => {
    const { guard } = guardFor({ name: 'post', limit: 2, windowSeconds: 60 });
    const prefix = random64();
    await expect(guard.canActivate(contextFor(`${prefix}::1`))).resolves.toBe(true);
    await expect(guard.canActivate(contextFor(`${prefix}:ffff:ffff:ffff:fffe`))).resolves.toBe(true);
    await expect(guard.canActivate(contextFor(`${prefix}:0:0:0:2`))).rejects.toBeInstanceOf(
      TooManyRequestsError,
    );
    await expect(guard.canActivate(contextFor(`${random64()}::1`))).resolves.toBe(true);
  });

  it("counts a member in the member's bucket only, wherever they are, and not their address's", async () => {
    const { guard } = guardFor({ name: 'post', limit: 1, windowSeconds: 60 });
    const address = `${random64()}::7`;
    const member = randomUUID();
    await expect(guard.canActivate(contextFor(address, member))).resolves.toBe(true);
    // The same member from another network: still their bucket.
    await expect(guard.canActivate(contextFor(`${random64()}::7`, member))).rejects.toBeInstanceOf(
      TooManyRequestsError,
    );
    // Another member at that address has an allowance of their own, and so has a guest there.
    await expect(guard.canActivate(contextFor(address, randomUUID()))).resolves.toBe(true);
    await expect(guard.canActivate(contextFor(address))).resolves.toBe(true);
  });

  it('counts a `perAddress` route by address for members too, one member or many', async () => {
    const { guard } = guardFor({ name: 'login', limit: 2, windowSeconds: 60, perAddress: true });
    const address = `${random64()}::7`;
    await expect(guard.canActivate(contextFor(address, randomUUID()))).resolves.toBe(true);
    await expect(guard.canActivate(contextFor(address))).resolves.toBe(true);
    await expect(guard.canActivate(contextFor(address, randomUUID()))).rejects.toBeInstanceOf(
      TooManyRequestsError,
    );
  });

  it("gives an address's guests `guestLimit` where the rule has one", async () => {
    const { guard } = guardFor({ name: 'read', limit: 1, guestLimit: 2, windowSeconds: 60 });
    const address = `${random64()}::7`;
    await expect(guard.canActivate(contextFor(address))).resolves.toBe(true);
    await expect(guard.canActivate(contextFor(address))).resolves.toBe(true);
    await expect(guard.canActivate(contextFor(address))).rejects.toBeInstanceOf(TooManyRequestsError);
  });

  it('takes a `countedInBlocksOf` rule from Redis a block at a time, and still refuses the request past the limit', async () => {
    const rule = { name: 'read', limit: 25, countedInBlocksOf: 10, windowSeconds: 60 };
    const { attempt, key } = guardFor(rule);
    await expect(attempt()).resolves.toBe(true);
    // The first request took a block of ten: Redis counts them, and the next nine cost no round trip.
    expect(Number(await redis.get(key))).toBe(10);
    for (let i = 2; i <= 10; i++) await expect(attempt()).resolves.toBe(true);
    expect(Number(await redis.get(key))).toBe(10);
    // Requests that come together while a block is being taken share it rather than take one each.
    await expect(Promise.all(Array.from({ length: 10 }, attempt))).resolves.toEqual(Array(10).fill(true));
    expect(Number(await redis.get(key))).toBe(20);
    for (let i = 21; i <= 25; i++) await expect(attempt()).resolves.toBe(true);
    await expect(attempt()).rejects.toBeInstanceOf(TooManyRequestsError);
  });
});
