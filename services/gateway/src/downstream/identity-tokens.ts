import { LRUCache } from 'lru-cache';
import {
  IDENTITY_TOKEN_TTL_SECONDS,
  Viewer,
  identityAudience,
  signIdentityToken,
} from '@daybreak/nest-common';

/**
 * A token is reused for most of its minute: the service then has 15 s or more before it expires, enough
 * for the call it rides on, and the gateway signs once per member and service a minute, not per call.
 */
const REUSE_MS = (IDENTITY_TOKEN_TTL_SECONDS - 15) * 1000;

/** The identity tokens the gateway sends one service, cached per member (and one for guests). */
export class IdentityTokens {
  private readonly audience: string;
  private readonly tokens: LRUCache<string, { token: string; reuseUntil: number }>;

  constructor(
    service: string,
    private readonly privateKey: string,
    private readonly now: () => number = Date.now,
    /** Members kept at most; past them the least recently served is signed afresh when seen again. */
    maxMembers = 10_000,
  ) {
    this.audience = identityAudience(service);
    this.tokens = new LRUCache({ max: maxMembers });
  }

  for(viewer: Viewer): string {
    // A moderator's token says so (ADR 0025): kept apart from the same member's plain one.
    const key = `${viewer.userId ?? ''}${viewer.isModerator ? ':moderator' : ''}`;
    const now = this.now();
    const cached = this.tokens.get(key);
    if (cached && cached.reuseUntil > now) return cached.token;
    const token = signIdentityToken(viewer, this.privateKey, this.audience);
    this.tokens.set(key, { token, reuseUntil: now + REUSE_MS });
    return token;
  }
}
