import { randomUUID } from 'node:crypto';
import { ExecutionContext, HttpStatus } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { TooManyRequestsError } from '@daybreak/nest-common';
import Redis from 'ioredis';
import { GatewayConfig, gatewayConfigSchema } from '../src/config';
import { PostsController } from '../src/posts/posts.controller';
import { RateLimitGuard } from '../src/security/rate-limit.guard';

/** Members behind one carrier-grade NAT address, all up at 5 AM. */
const MEMBERS = 300;
/** A person's minute, on the busy side: a like every 4 seconds, a read every second. */
const LIKES_A_MINUTE = 15;
const READS_A_MINUTE = 60;

/**
 * The routes' own rules (a like, a feed page) through the guard against real Redis, for members who
 * share one IPv4 address. Every limit is a fixed window that opens at a bucket's first request, so
 * what a bucket refuses depends only on how many requests fall into one window, not on when in it
 * they come: a person's minute sent within a few seconds lands in one window just as it does spread
 * over sixty, and is the harder case for the limiter. No clock is needed to show a minute's worth.
 */
describe('rate limits behind a carrier-grade NAT (real Redis)', () => {
  const redis = new Redis(process.env.REDIS_URL!);
  const config = gatewayConfigSchema
    .pick({ LOGIN_RATE_LIMIT: true, READ_RATE_LIMIT: true, GUEST_READ_RATE_LIMIT: true })
    .parse({}) as GatewayConfig;
  const guard = new RateLimitGuard(new Reflector(), redis, config);
  beforeAll(() => redis.ping());
  afterAll(() => redis.quit());

  /** A fresh IPv4 address from 100.64.0.0/10, the block carriers' NATs use (RFC 6598). */
  const natAddress = () => `100.${64 + (randomUUID().charCodeAt(0) % 64)}.${rand256()}.${rand256()}`;
  const rand256 = () => Math.floor(Math.random() * 256);

  /** `route` of PostsController asked by `memberId` from `ip`: its status as far as the guard decides. */
  async function ask(route: 'toggleLike' | 'feed', ip: string, memberId: string): Promise<number> {
    const context = {
      getHandler: () => PostsController.prototype[route],
      switchToHttp: () => ({
        getRequest: () => ({ ip, session: { userId: memberId } }),
        getResponse: () => ({ header: () => undefined }),
      }),
    } as unknown as ExecutionContext;
    try {
      await guard.canActivate(context);
      return HttpStatus.OK;
    } catch (error) {
      if (error instanceof TooManyRequestsError) return HttpStatus.TOO_MANY_REQUESTS;
      throw error;
    }
  }

  /** A person's minute of `member`: likes and reads interleaved, one request after another. */
  async function personsMinute(ip: string, member: string): Promise<number[]> {
    const statuses: number[] = [];
    for (let n = 0; n < READS_A_MINUTE; n++) {
      statuses.push(await ask('feed', ip, member));
      if (n % (READS_A_MINUTE / LIKES_A_MINUTE) === 0) statuses.push(await ask('toggleLike', ip, member));
    }
    return statuses;
  }

  it(`lets ${MEMBERS} members at one address like and read at a person's pace, and still stops a fast one`, async () => {
    const address = natAddress();
    const members = Array.from({ length: MEMBERS }, () => randomUUID());
    const statuses = (await Promise.all(members.map((member) => personsMinute(address, member)))).flat();
    expect(statuses).toHaveLength(MEMBERS * (READS_A_MINUTE + LIKES_A_MINUTE));
    expect(statuses.filter((status) => status !== HttpStatus.OK)).toEqual([]);

    // A member liking as fast as a script can, from the same address in the same minute.
    const fast = randomUUID();
    const likes: number[] = [];
    for (let n = 0; n < 200 && !likes.includes(HttpStatus.TOO_MANY_REQUESTS); n++)
      likes.push(await ask('toggleLike', address, fast));
    expect(likes.at(-1)).toBe(HttpStatus.TOO_MANY_REQUESTS);
    // And one scraping the feed.
    const scraper = randomUUID();
    const reads: number[] = [];
    for (let n = 0; n < 1000 && !reads.includes(HttpStatus.TOO_MANY_REQUESTS); n++)
      reads.push(await ask('feed', address, scraper));
    expect(reads.at(-1)).toBe(HttpStatus.TOO_MANY_REQUESTS);
    // The members behind that address are not held back by either.
    await expect(ask('toggleLike', address, randomUUID())).resolves.toBe(HttpStatus.OK);
    await expect(ask('feed', address, members[0])).resolves.toBe(HttpStatus.OK);
  });
});
