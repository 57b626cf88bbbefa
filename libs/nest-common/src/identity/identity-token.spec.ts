import jwt from 'jsonwebtoken';
import { signIdentityToken, verifyIdentityToken } from './identity-token';

const SECRET = 'a-test-secret-of-enough-length-for-hs256';
const MEMBER = '5f0c9a1e-8a7b-4c35-9f59-2f0d1c8b7a61';

describe('identity token', () => {
  it('carries a member, or a guest, from the gateway to a service', () => {
    expect(verifyIdentityToken(signIdentityToken({ userId: MEMBER }, SECRET), SECRET)).toEqual({
      userId: MEMBER,
    });
    expect(verifyIdentityToken(signIdentityToken({ userId: null }, SECRET), SECRET)).toEqual({
      userId: null,
    });
  });

  it('refuses a missing, forged, expired or foreign token', () => {
    expect(verifyIdentityToken(undefined, SECRET)).toBeNull();
    expect(verifyIdentityToken(signIdentityToken({ userId: MEMBER }, 'another-secret'), SECRET)).toBeNull();
    const claims = { sub: MEMBER, aud: 'daybreak-services', iss: 'daybreak-gateway' };
    const expired = jwt.sign({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 }, SECRET);
    expect(verifyIdentityToken(expired, SECRET)).toBeNull();
    expect(verifyIdentityToken(jwt.sign({ ...claims, aud: 'elsewhere' }, SECRET), SECRET)).toBeNull();
    const unsigned = jwt.sign(claims, '', { algorithm: 'none' });
    expect(verifyIdentityToken(unsigned, SECRET)).toBeNull();
  });

  it('uses the secret it is given, not the first one it saw', () => {
    const token = signIdentityToken({ userId: MEMBER }, SECRET);
    expect(verifyIdentityToken(token, `${SECRET}-rotated`)).toBeNull();
    expect(verifyIdentityToken(token, SECRET)).toEqual({ userId: MEMBER });
  });
});
