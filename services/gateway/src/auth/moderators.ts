import { Inject, Injectable } from '@nestjs/common';
import { InjectRedis } from '@daybreak/redis';
import type { Redis } from 'ioredis';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';

/**
 * The e-mails granted the moderator role on a running system, besides DAYBREAK_MODERATORS: a Redis
 * set that `npm run moderators -- grant|revoke|list` (scripts/moderators.mjs) edits. Lower case.
 */
export const MODERATORS_KEY = 'moderators';

/**
 * Who moderates (issue 42, ADR 0025). Sign-in keeps a moderator's e-mail in their session; each
 * moderation request asks again, so a revocation takes effect on the moderator's next request, and a
 * grant at the member's next sign-in (the session of a member who is no moderator holds no e-mail).
 */
@Injectable()
export class Moderators {
  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @InjectRedis() private readonly redis: Redis,
  ) {}

  async isModerator(email: string | null | undefined): Promise<boolean> {
    if (!email) return false;
    const normalized = email.trim().toLowerCase();
    if (this.config.DAYBREAK_MODERATORS.includes(normalized)) return true;
    return (await this.redis.sismember(MODERATORS_KEY, normalized)) === 1;
  }
}
