import { CanActivate, ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { TooManyRequestsError } from '@daybreak/nest-common';
import { InjectRedis } from '@daybreak/redis';
import type { Request, Response } from 'express';
import Redis from 'ioredis';
import { sessionUserId } from '../auth/session';

export interface RateLimitRule {
  /** Bucket name, e.g. `post`; members are counted per account, guests per address. */
  name: string;
  limit: number;
  windowSeconds: number;
}

const RATE_LIMIT = 'daybreak:rate-limit';

/** `@RateLimit({ name: 'post', limit: 30, windowSeconds: 60 })` on a route. */
export const RateLimit = (rule: RateLimitRule) => SetMetadata(RATE_LIMIT, rule);

/** Fixed-window counters in Redis, shared by every gateway process. */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @InjectRedis() private readonly redis: Redis,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const rule = this.reflector.get<RateLimitRule | undefined>(RATE_LIMIT, context.getHandler());
    if (!rule) return true;
    const request = context.switchToHttp().getRequest<Request>();
    const who = sessionUserId(request) ?? `ip:${request.ip}`;
    const window = Math.floor(Date.now() / 1000 / rule.windowSeconds);
    const key = `ratelimit:${rule.name}:${who}:${window}`;
    const [[, count]] = (await this.redis.multi().incr(key).expire(key, rule.windowSeconds).exec()) as [
      [unknown, number],
    ];
    if (count <= rule.limit) return true;
    const response = context.switchToHttp().getResponse<Response>();
    response.setHeader(
      'Retry-After',
      String(rule.windowSeconds - (Math.floor(Date.now() / 1000) % rule.windowSeconds)),
    );
    throw new TooManyRequestsError(
      'REQUEST.RATE_LIMITED',
      'Too many requests. Please wait a moment and try again.',
    );
  }
}
