import type { GatewayConfig } from '../config';

/** A number, or a function that reads it from the gateway's config (e.g. LOGIN_RATE_LIMIT). */
type Limit = number | ((config: GatewayConfig) => number);

export interface RateLimitRule {
  /** Bucket name, e.g. `post`. */
  name: string;
  /** Requests per window for one member, or for the guests of one address. */
  limit: Limit;
  /** Requests per window for the guests of one address, where it differs from a member's. */
  guestLimit?: Limit;
  /**
   * Counted by address whoever asks, signed in or not: sign-in and account creation, where a session
   * proves nothing yet (a member could sign in again and again from a fresh session).
   */
  perAddress?: true;
  /**
   * Let through uncounted while Redis is away, rather than answered 503: reads, which guests (who
   * need no session) go on making through a Redis outage. A scraper gains the outage's minutes.
   */
  uncountedWithoutRedis?: true;
  /**
   * Taken from Redis this many requests at a time, the rest of a block served by this process alone
   * (allowance-blocks.ts): for the reads, whose round trip a request was a third of a cached page's
   * cost. A member may then be refused a few requests early, never late.
   */
  countedInBlocksOf?: number;
  windowSeconds: number;
}

/** The metadata key under which `@RateLimit` (rate-limit.ts) puts a route's rule for RateLimitGuard. */
export const RATE_LIMIT = 'daybreak:rate-limit';
