import webpush from 'web-push';
import { VAPID_TOKEN_LIFETIME_SECONDS, VAPID_TOKEN_RENEW_BEFORE_SECONDS, VapidTokens } from './vapid-tokens';

const vapidKeys = () => ({ subject: 'mailto:push-test@daybreak.local', ...webpush.generateVAPIDKeys() });

/** The JWT's claims, from `vapid t=<jwt>, k=<key>`. */
const claimsOf = (header: string) =>
  JSON.parse(Buffer.from(/t=[^.]+\.([^.]+)\./.exec(header)![1], 'base64url').toString()) as {
    aud: string;
    exp: number;
    sub: string;
  };

const FCM = 'https://fcm.googleapis.com';
const MOZILLA = 'https://updates.push.services.mozilla.com';
const HOUR = 60 * 60 * 1000;

describe('VapidTokens', () => {
  const keys = vapidKeys();
  let now: number;
  const tokens = () => new VapidTokens(keys, () => now);
  beforeEach(() => (now = Date.now()));

  it('signs one token per push service, for its lifetime, with the audience, expiry and subject', () => {
    const vapid = tokens();
    const fcm = vapid.headerFor(FCM);

    expect(fcm).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${keys.publicKey}$`));
    expect(claimsOf(fcm)).toEqual({
      aud: FCM,
      exp: Math.floor(now / 1000) + VAPID_TOKEN_LIFETIME_SECONDS,
      sub: keys.subject,
    });
    expect(vapid.headerFor(FCM)).toBe(fcm);
    const mozilla = vapid.headerFor(MOZILLA);
    expect(claimsOf(mozilla).aud).toBe(MOZILLA);
    expect(vapid.headerFor(MOZILLA)).toBe(mozilla);
  });

  it('reuses a token until it is near its expiry, then signs a new one', () => {
    const vapid = tokens();
    const first = vapid.headerFor(FCM);
    const renewAt = now + (VAPID_TOKEN_LIFETIME_SECONDS - VAPID_TOKEN_RENEW_BEFORE_SECONDS) * 1000;

    now = renewAt - 1000;
    expect(vapid.headerFor(FCM)).toBe(first);

    now = renewAt;
    const second = vapid.headerFor(FCM);
    expect(second).not.toBe(first);
    expect(claimsOf(second).exp).toBe(Math.floor(now / 1000) + VAPID_TOKEN_LIFETIME_SECONDS);
    now += HOUR;
    expect(vapid.headerFor(FCM)).toBe(second);
  });
});
