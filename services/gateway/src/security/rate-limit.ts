import { CanActivate, ExecutionContext, Inject, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { TooManyRequestsError } from '@daybreak/nest-common';
import { InjectRedis } from '@daybreak/redis';
import type { Request, Response } from 'express';
import Redis from 'ioredis';
import { sessionUserId } from '../auth/session';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';
import { redisReady, sessionsUnavailable } from './redis-unavailable';

export interface RateLimitRule {
  /** Bucket name, e.g. `post`; members are counted per account, guests per address. */
  name: string;
  /** Requests per window; a function reads it from the gateway's config (e.g. LOGIN_RATE_LIMIT). */
  limit: number | ((config: GatewayConfig) => number);
  windowSeconds: number;
}

const RATE_LIMIT = 'daybreak:rate-limit';

/** `@RateLimit({ name: 'post', limit: 30, windowSeconds: 60 })` on a route. */
export const RateLimit = (rule: RateLimitRule) => SetMetadata(RATE_LIMIT, rule);

/**
 * Counters in Redis, shared by every gateway process. A bucket's window opens at its first request
 * and lasts `windowSeconds`: `limit` requests pass, the rest get 429 until it closes. Anchored at the
 * first request rather than at clock minutes, so a burst is always measured against one whole window,
 * never split in two by a minute boundary.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @InjectRedis() private readonly redis: Redis,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const rule = this.reflector.get<RateLimitRule | undefined>(RATE_LIMIT, context.getHandler());
    if (!rule) return true;
    const request = context.switchToHttp().getRequest<Request>();
    // Counters need Redis: without it a limited route answers 503 at once, never unlimited.
    const response = context.switchToHttp().getResponse<Response>();
    if (!redisReady(this.redis)) throw sessionsUnavailable(response);
    const who = sessionUserId(request) ?? `ip:${request.ip}`;
    const key = `ratelimit:${rule.name}:${who}`;
    // EXPIRE NX sets the window's end only on the bucket's first request (a key without a TTL).
    const [[, count], , [, msLeft]] = (await this.redis
      .multi()
      .incr(key)
      .expire(key, rule.windowSeconds, 'NX')
      .pttl(key)
      .exec()
      .catch((error: unknown) => {
        // Redis went away between the check above and the command.
        throw redisReady(this.redis) ? error : sessionsUnavailable(response);
      })) as [[unknown, number], unknown, [unknown, number]];
    const limit = typeof rule.limit === 'function' ? rule.limit(this.config) : rule.limit;
    if (count <= limit) return true;
    response.setHeader('Retry-After', String(Math.max(1, Math.ceil(msLeft / 1000))));
    throw new TooManyRequestsError(
      'REQUEST.RATE_LIMITED',
      'Too many requests. Please wait a moment and try again.',
    );
  }
}
