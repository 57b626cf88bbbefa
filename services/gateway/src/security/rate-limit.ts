import { SetMetadata, applyDecorators } from '@nestjs/common';
import { GUARDS_METADATA } from '@nestjs/common/constants';
import { ApiError } from '../openapi/api-doc';
import { RATE_LIMIT, type RateLimitRule } from './rate-limit-rule';
import { RateLimitGuard } from './rate-limit.guard';

/**
 * The allowance every read (GET /api route) shares, unless the route has a tighter rule of its own:
 * generous for a person, who reads a few dozen times a minute, tight for a scraper.
 */
export const READS: RateLimitRule = {
  name: 'read',
  limit: (config) => config.READ_RATE_LIMIT,
  guestLimit: (config) => config.GUEST_READ_RATE_LIMIT,
  uncountedWithoutRedis: true,
  countedInBlocksOf: 10,
  windowSeconds: 60,
};

/**
 * Puts RateLimitGuard first among the route's own guards, whichever order its decorators are written
 * in, so a request is counted before a route's other guards run (a sign-in's redirect to the
 * provider, a member check): as when the guard stood on the controller. A controller's own guards
 * still run before it (notifications' MemberGuard).
 */
const enforcedFirst: MethodDecorator = (_target, _key, descriptor) => {
  const guards = (Reflect.getMetadata(GUARDS_METADATA, descriptor.value as object) ?? []) as unknown[];
  Reflect.defineMetadata(GUARDS_METADATA, [RateLimitGuard, ...guards], descriptor.value as object);
};

/**
 * `@RateLimit({ name: 'post', limit: 30, windowSeconds: 60 })` on a route: the rule, the guard that
 * enforces it, and its documented 429. A route's limit is thus never a label without its guard, and
 * never counted twice by a guard declared by hand as well (the route inventory in
 * openapi-document.spec.ts holds every /api route to exactly one).
 */
export const RateLimit = (rule: RateLimitRule): MethodDecorator =>
  applyDecorators(SetMetadata(RATE_LIMIT, rule), enforcedFirst, ApiError(429));
