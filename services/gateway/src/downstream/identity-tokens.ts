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
/** Members seen within a reuse period beyond this many are signed afresh: memory stays bounded. */
const MAX_ENTRIES = 10_000;

/** The identity tokens the gateway sends one service, cached per member (and one for guests). */
export class IdentityTokens {
  private readonly audience: string;
  private readonly tokens = new Map<string, { token: string; reuseUntil: number }>();

  constructor(
    service: string,
    private readonly privateKey: string,
    private readonly now: () => number = Date.now,
  ) {
    this.audience = identityAudience(service);
  }

  for(viewer: Viewer): string {
    const key = viewer.userId ?? '';
    const now = this.now();
    const cached = this.tokens.get(key);
    if (cached && cached.reuseUntil > now) return cached.token;
    const token = signIdentityToken(viewer, this.privateKey, this.audience);
    // Re-inserting moves the member to the end, so the first entry is the one signed longest ago.
    this.tokens.delete(key);
    if (this.tokens.size >= MAX_ENTRIES) this.tokens.delete(this.tokens.keys().next().value as string);
    this.tokens.set(key, { token, reuseUntil: now + REUSE_MS });
    return token;
  }
}
