import { generateIdentityKeyPair, identityAudience, verifyIdentityToken } from '@daybreak/nest-common';
import { IdentityTokens } from './identity-tokens';

const KEYS = generateIdentityKeyPair();
const ANA = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const BEN = '0b6c3c1e-8f7a-4c55-9a39-2f1d0c6b7e21';
const CAT = '3d2e1f00-5a6b-4c7d-8e9f-0a1b2c3d4e5f';

describe("the gateway's identity tokens for one service", () => {
  let now = Date.parse('2026-03-10T10:00:00Z');
  let tokens: IdentityTokens;

  beforeEach(() => {
    jest.useFakeTimers({ now, doNotFake: ['nextTick', 'setImmediate'] });
    tokens = new IdentityTokens('posts', KEYS.privateKey, () => now);
  });
  afterEach(() => jest.useRealTimers());

  const tick = (ms: number) => {
    now += ms;
    jest.setSystemTime(now);
  };

  it('are made for that service and the member, or the guest', () => {
    expect(
      verifyIdentityToken(tokens.for({ userId: ANA }), KEYS.publicKey, identityAudience('posts')),
    ).toEqual({
      userId: ANA,
    });
    expect(
      verifyIdentityToken(tokens.for({ userId: null }), KEYS.publicKey, identityAudience('posts')),
    ).toEqual({
      userId: null,
    });
    expect(
      verifyIdentityToken(tokens.for({ userId: ANA }), KEYS.publicKey, identityAudience('social')),
    ).toBeNull();
  });

  it("reuse a member's token for most of its minute, then sign a new one that is still valid", () => {
    tick(1000);
    const first = tokens.for({ userId: ANA });
    tick(44_000);
    expect(tokens.for({ userId: ANA })).toBe(first);
    expect(tokens.for({ userId: BEN })).not.toBe(first);
    tick(1000);
    const next = tokens.for({ userId: ANA });
    expect(next).not.toBe(first);
    // The reused token had 15 s left at most; the new one has the whole minute.
    tick(50_000);
    expect(verifyIdentityToken(next, KEYS.publicKey, identityAudience('posts'))).toEqual({ userId: ANA });
    expect(verifyIdentityToken(first, KEYS.publicKey, identityAudience('posts'))).toBeNull();
  });

  it('keep at most their number of members: past it, the least recently served is signed afresh', () => {
    const few = new IdentityTokens('posts', KEYS.privateKey, () => now, 2);
    const first = { ana: few.for({ userId: ANA }), ben: few.for({ userId: BEN }) };
    few.for({ userId: ANA });
    few.for({ userId: CAT });
    tick(1000); // a token signed now differs from one signed before
    expect(few.for({ userId: ANA })).toBe(first.ana);
    expect(few.for({ userId: BEN })).not.toBe(first.ben);
  });
});
