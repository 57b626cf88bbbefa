import {
  CanActivate,
  ExecutionContext,
  Inject,
  Injectable,
  SetMetadata,
  applyDecorators,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { TooManyRequestsError } from '@daybreak/nest-common';
import { InjectRedis, redisReady } from '@daybreak/redis';
import type { FastifyReply, FastifyRequest } from 'fastify';
import Redis from 'ioredis';
import { sessionUserId } from '../auth/session';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';
import { sessionsUnavailable } from './redis-unavailable';
import { ApiError } from '../openapi/api-doc';
import { addressBucket } from './address-bucket';

export interface RateLimitRule {
  /** Bucket name, e.g. `post`. */
  name: string;
  /**
   * Requests per window for one member, or for one address when no one is signed in; a function
   * reads it from the gateway's config (e.g. LOGIN_RATE_LIMIT).
   */
  limit: number | ((config: GatewayConfig) => number);
  windowSeconds: number;
}

/**
 * The members behind one address (a household, an office, a carrier's NAT) share this many members'
 * allowances: one person with many accounts gets no more than that from one address or IPv6 /64.
 */
export const MEMBERS_PER_ADDRESS = 10;

export const RATE_LIMIT = 'daybreak:rate-limit';

/** `@RateLimit({ name: 'post', limit: 30, windowSeconds: 60 })` on a route; documents its 429 too. */
export const RateLimit = (rule: RateLimitRule) =>
  applyDecorators(SetMetadata(RATE_LIMIT, rule), ApiError(429));

/**
 * Counters in Redis, shared by every gateway process. A member's request counts in two buckets: the
 * member's own and the one of their address (`request.ip`, an IPv6 address by its /64); a guest's in
 * its address's. A bucket's window opens at its first request and lasts `windowSeconds`: its limit
 * passes, the rest get 429 until it closes. Anchored at the first request rather than at clock
 * minutes, so a burst is always measured against one whole window, never split by a minute boundary.
 *
 * `request.ip` is the socket's peer, or with `trustProxy` (gateway-app.ts: loopback only) the
 * address a local reverse proxy put in X-Forwarded-For.
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

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const rule = this.reflector.get<RateLimitRule | undefined>(RATE_LIMIT, context.getHandler());
    if (!rule) return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    // Counters need Redis: without it a limited route answers 503 at once, never unlimited.
    const response = context.switchToHttp().getResponse<FastifyReply>();
    if (!redisReady(this.redis)) throw sessionsUnavailable(response);
    const limit = typeof rule.limit === 'function' ? rule.limit(this.config) : rule.limit;
    const address = addressBucket(request.ip);
    const memberId = sessionUserId(request);
    const buckets = memberId
      ? [
          { key: `ratelimit:${rule.name}:member:${memberId}`, limit },
          { key: `ratelimit:${rule.name}:members-at:${address}`, limit: limit * MEMBERS_PER_ADDRESS },
        ]
      : [{ key: `ratelimit:${rule.name}:ip:${address}`, limit }];
    const counts = await this.count(
      buckets.map((bucket) => bucket.key),
      rule.windowSeconds,
    ).catch((error: unknown) => {
      // Redis went away between the check above and the command.
      throw redisReady(this.redis) ? error : sessionsUnavailable(response);
    });
    let secondsLeft = 0;
    buckets.forEach((bucket, index) => {
      const { count, msLeft } = counts[index];
      if (count > bucket.limit) secondsLeft = Math.max(secondsLeft, 1, Math.ceil(msLeft / 1000));
    });
    if (!secondsLeft) return true;
    void response.header('Retry-After', String(secondsLeft));
    throw new TooManyRequestsError(
      'REQUEST.RATE_LIMITED',
      'Too many requests. Please wait a moment and try again.',
    );
  }

  /**
   * One more request in each key's window, all in one command (COUNT_REQUESTS, sent by its SHA once
   * Redis has it): cheaper for the gateway than a MULTI of three commands a key.
   */
  private async count(keys: string[], windowSeconds: number): Promise<{ count: number; msLeft: number }[]> {
    const replies = await (this.redis as RedisWithCounts).countRequests(keys.length, ...keys, windowSeconds);
    // Two replies a key: its count and the milliseconds left in its window.
    return keys.map((_key, index) => ({ count: replies[2 * index], msLeft: replies[2 * index + 1] }));
  }
}

/**
 * Counts a request in each of KEYS, whose window lasts ARGV[1] seconds from its first request
 * (EXPIRE NX sets a window's end only then); answers each key's count and milliseconds left.
 */
const COUNT_REQUESTS = `
local replies = {}
for _, key in ipairs(KEYS) do
  replies[#replies + 1] = redis.call('INCR', key)
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
