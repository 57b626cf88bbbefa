import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { TooManyRequestsError } from '@daybreak/nest-common';
import { InjectRedis, redisReady } from '@daybreak/redis';
import type { FastifyReply, FastifyRequest } from 'fastify';
import Redis from 'ioredis';
import { sessionUserId } from '../auth/session-user';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';
import { AllowanceBlocks, grantedOfBlock } from './allowance-blocks';
import { sessionsUnavailable } from './redis-unavailable';
import { addressBucket } from './address-bucket';
import { RATE_LIMIT, type RateLimitRule } from './rate-limit-rule';

/**
 * Counters in Redis, shared by every gateway process. A member's request counts in the member's own
 * bucket, whatever their address and whichever of their sessions sent it; a guest's in its address's
 * (`request.ip`, an IPv6 address by its /64), and so does every request to a `perAddress` route.
 * A member's request is not counted by address as well: behind a carrier's NAT hundreds of members
 * share one IPv4 address, and an address bucket would let one busy member there throttle them all.
 * Nor by session: the member's bucket holds all their sessions' requests, so a session's own would
 * never be the one to refuse (and new sessions, like accounts, come through the per-address
 * sign-in). A bucket's window opens at its first request and lasts `windowSeconds`: its limit
 * passes, the rest get 429 until it closes. Anchored at the first request rather than at clock
 * minutes, so a burst is always measured against one whole window, never split by a minute boundary.
 *
 * `request.ip` is the socket's peer, or with `trustProxy` (gateway-app.ts: loopback only) the
 * address a local reverse proxy put in X-Forwarded-For.
 *
 * `@RateLimit` (rate-limit.ts) puts it on a route with the rule; declared by hand as well, it would
 * count each request twice.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @InjectRedis() private readonly redis: Redis,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {
    defineCountRequests(redis);
  }

  private readonly blocks = new AllowanceBlocks();
  /** Blocks being taken from Redis, so the requests that come meanwhile share one round trip. */
  private readonly taking = new Map<string, Promise<unknown>>();

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const rule = this.reflector.get<RateLimitRule | undefined>(RATE_LIMIT, context.getHandler());
    if (!rule) return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    // Counters need Redis: without it a limited route answers 503 at once, never unlimited, unless
    // the rule says it goes on uncounted (reads).
    const response = context.switchToHttp().getResponse<FastifyReply>();
    const redisAway = () => {
      if (rule.uncountedWithoutRedis) return true;
      throw sessionsUnavailable(response);
    };
    const memberId = rule.perAddress ? null : sessionUserId(request);
    const [key, limit] = memberId
      ? [`ratelimit:${rule.name}:member:${memberId}`, this.limitOf(rule.limit)]
      : [
          `ratelimit:${rule.name}:ip:${addressBucket(request.ip)}`,
          this.limitOf(rule.guestLimit ?? rule.limit),
        ];
    const block = rule.countedInBlocksOf ?? 1;
    for (;;) {
      if (block > 1 && this.blocks.take(key)) return true;
      const taking = this.taking.get(key);
      if (!taking) break;
      await taking.catch(() => undefined);
    }
    if (!redisReady(this.redis)) return redisAway();
    let counted: { count: number; msLeft: number };
    const counting = this.count(key, rule.windowSeconds, block);
    if (block > 1) this.taking.set(key, counting);
    try {
      counted = await counting;
    } catch (error) {
      // Redis went away between the check above and the command.
      if (redisReady(this.redis)) throw error;
      return redisAway();
    } finally {
      if (this.taking.get(key) === counting) this.taking.delete(key);
    }
    const { count, msLeft } = counted;
    const granted = grantedOfBlock(count, block, limit);
    if (granted > 0) {
      // This request is the block's first; the rest wait here for the member's next ones.
      if (block > 1) this.blocks.keep(key, granted - 1, msLeft);
      return true;
    }
    void response.header('Retry-After', String(Math.max(1, Math.ceil(msLeft / 1000))));
    throw new TooManyRequestsError(
      'REQUEST.RATE_LIMITED',
      'Too many requests. Please wait a moment and try again.',
    );
  }

  private limitOf(limit: RateLimitRule['limit']): number {
    return typeof limit === 'function' ? limit(this.config) : limit;
  }

  /**
   * `requests` more in the key's window, in one command (COUNT_REQUESTS, sent by its SHA once
   * Redis has it): cheaper for the gateway than a MULTI of three commands.
   */
  private async count(
    key: string,
    windowSeconds: number,
    requests: number,
  ): Promise<{ count: number; msLeft: number }> {
    const [count, msLeft] = await (this.redis as RedisWithCounts).countRequests(
      1,
      key,
      windowSeconds,
      requests,
    );
    return { count, msLeft };
  }
}

/**
 * Counts ARGV[2] requests in each of KEYS, whose window lasts ARGV[1] seconds from its first request
 * (EXPIRE NX sets a window's end only then); answers each key's count and milliseconds left.
 */
const COUNT_REQUESTS = `
local replies = {}
for _, key in ipairs(KEYS) do
  replies[#replies + 1] = redis.call('INCRBY', key, ARGV[2])
  redis.call('EXPIRE', key, ARGV[1], 'NX')
  replies[#replies + 1] = redis.call('PTTL', key)
end
return replies`;

type RedisWithCounts = Redis & {
  countRequests(keyCount: number, ...keysThenWindow: (string | number)[]): Promise<number[]>;
};

/** Teaches the client COUNT_REQUESTS (ioredis sends it by EVALSHA, with the script should Redis lack it). */
function defineCountRequests(redis: Redis): void {
  if (!('countRequests' in redis)) redis.defineCommand('countRequests', { lua: COUNT_REQUESTS });
}
