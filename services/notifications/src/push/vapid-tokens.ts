import webpush from 'web-push';

/** How long a token we sign is valid: RFC 8292 allows at most 24 hours from the request. */
export const VAPID_TOKEN_LIFETIME_SECONDS = 12 * 60 * 60;
/**
 * A token this close to its expiry is signed anew, so none reaches a push service about to expire
 * (clock skew, a retry an hour later). Apple asks for a token to be refreshed at most once an hour.
 */
export const VAPID_TOKEN_RENEW_BEFORE_SECONDS = 60 * 60;

export interface VapidKeys {
  subject: string;
  publicKey: string;
  privateKey: string;
}

/**
 * The `Authorization: vapid t=…, k=…` header for each push service, signed once per service origin
 * (the token's audience) and reused until it nears its expiry. web-push would sign a new JWT for
 * every message (an ECDSA signature and a PEM encoding of the key each time), which at a thousand
 * pushes a second is CPU spent on the same claims.
 */
export class VapidTokens {
  private readonly byAudience = new Map<string, { header: string; expiresAt: number }>();

  constructor(
    private readonly keys: VapidKeys,
    /** Unix time in milliseconds; tests move it. */
    private readonly now: () => number = Date.now,
  ) {}

  /** The header for a push endpoint's origin (`https://fcm.googleapis.com`). */
  headerFor(audience: string): string {
    const nowSeconds = Math.floor(this.now() / 1000);
    const cached = this.byAudience.get(audience);
    if (cached && cached.expiresAt - nowSeconds > VAPID_TOKEN_RENEW_BEFORE_SECONDS) return cached.header;
    const expiresAt = nowSeconds + VAPID_TOKEN_LIFETIME_SECONDS;
    const { Authorization: header } = webpush.getVapidHeaders(
      audience,
      this.keys.subject,
      this.keys.publicKey,
      this.keys.privateKey,
      'aes128gcm',
      expiresAt,
    );
    this.byAudience.set(audience, { header, expiresAt });
    return header;
  }
}
