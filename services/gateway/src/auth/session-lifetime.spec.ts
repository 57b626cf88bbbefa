import type { SessionData } from 'express-session';
import {
  LOGIN_STATE_TTL_SECONDS,
  SESSION_ABSOLUTE_MS,
  SESSION_EXTEND_EVERY_MS,
  readsAsIs,
  sessionLifetimeLeft,
  storeTtlSeconds,
} from './session-lifetime';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('sessionLifetimeLeft', () => {
  const signedInAt = Date.parse('2026-01-01T00:00:00Z');

  it('is the 30-day idle lifetime early on', () => {
    expect(sessionLifetimeLeft(signedInAt, signedInAt + DAY_MS)).toBe(30 * DAY_MS);
  });

  it('shrinks to what is left of the absolute lifetime near its end, and runs out', () => {
    expect(sessionLifetimeLeft(signedInAt, signedInAt + SESSION_ABSOLUTE_MS - DAY_MS)).toBe(DAY_MS);
    expect(sessionLifetimeLeft(signedInAt, signedInAt + SESSION_ABSOLUTE_MS)).toBeLessThanOrEqual(0);
  });
});

describe('readsAsIs', () => {
  const now = Date.parse('2026-06-01T05:00:00Z');
  const member = { userId: 'member-1', signedInAt: now - 10 * DAY_MS, extendedAt: now - 60_000 };

  it('is true for a member extended less than a day ago, within both lifetimes', () => {
    expect(readsAsIs(member, now)).toBe(true);
    expect(readsAsIs({ userId: 'member-1', signedInAt: now - 60_000 }, now)).toBe(true);
  });

  it('is false for whatever enforceSessionLifetimes or sign-in would change', () => {
    // Still signing in (the provider's state), or from before signedInAt was kept.
    expect(readsAsIs({ returnTo: '/' }, now)).toBe(false);
    expect(readsAsIs({ userId: 'member-1' }, now)).toBe(false);
    // Due for its daily extension.
    expect(readsAsIs({ ...member, extendedAt: now - SESSION_EXTEND_EVERY_MS }, now)).toBe(false);
    // Past its absolute lifetime.
    expect(readsAsIs({ ...member, signedInAt: now - SESSION_ABSOLUTE_MS }, now)).toBe(false);
  });
});

describe('storeTtlSeconds', () => {
  const now = Date.parse('2026-06-01T05:00:00Z');
  const stored = (data: Partial<SessionData>) => data as SessionData;

  it('keeps a sign-in that never finished for a quarter of an hour only', () => {
    expect(storeTtlSeconds(stored({ returnTo: '/' }), now)).toBe(LOGIN_STATE_TTL_SECONDS);
  });

  it("keeps a member's session until its cookie expires, rounded up, and at least a second", () => {
    const cookie = (expiresIn: number) => ({ expires: new Date(now + expiresIn) }) as SessionData['cookie'];
    expect(storeTtlSeconds(stored({ userId: 'member-1', cookie: cookie(DAY_MS) }), now)).toBe(86_400);
    expect(storeTtlSeconds(stored({ userId: 'member-1', cookie: cookie(1_500) }), now)).toBe(2);
    expect(storeTtlSeconds(stored({ userId: 'member-1', cookie: cookie(-5_000) }), now)).toBe(1);
  });

  it('keeps a session whose cookie has no expiry for the idle lifetime', () => {
    expect(storeTtlSeconds(stored({ userId: 'member-1', cookie: {} as SessionData['cookie'] }), now)).toBe(
      30 * 86_400,
    );
  });
});
