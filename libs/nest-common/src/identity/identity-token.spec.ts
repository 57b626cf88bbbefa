import { createHmac, generateKeyPairSync, sign } from 'node:crypto';
import jwt from 'jsonwebtoken';
import {
  generateIdentityKeyPair,
  identityAudience,
  identityPrivateKey,
  identityPublicKey,
  signIdentityToken,
  verifyIdentityToken,
} from './identity-token';

const MEMBER = '5f0c9a1e-8a7b-4c35-9f59-2f0d1c8b7a61';
const POSTS = identityAudience('posts');
const { privateKey, publicKey } = generateIdentityKeyPair();

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);
const validClaims = () => ({ sub: MEMBER, aud: POSTS, iss: 'daybreak-gateway', exp: now() + 60 });

/** A token with this header and these claims, signed with the gateway's real private key. */
function signedByGateway(header: object, claims: object): string {
  const signed = `${base64url(header)}.${base64url(claims)}`;
  return `${signed}.${sign(null, Buffer.from(signed), identityPrivateKey(privateKey)).toString('base64url')}`;
}

describe('identity token', () => {
  it('carries a member, or a guest, from the gateway to the service it is for', () => {
    expect(
      verifyIdentityToken(signIdentityToken({ userId: MEMBER }, privateKey, POSTS), publicKey, POSTS),
    ).toEqual({ userId: MEMBER });
    expect(
      verifyIdentityToken(signIdentityToken({ userId: null }, privateKey, POSTS), publicKey, POSTS),
    ).toEqual({
      userId: null,
    });
  });

  it('is an EdDSA JWT that expires within a minute', () => {
    const token = signIdentityToken({ userId: MEMBER }, privateKey, POSTS);
    const decoded = jwt.decode(token, { complete: true });
    expect(decoded?.header.alg).toBe('EdDSA');
    expect(decoded?.payload).toMatchObject({ sub: MEMBER, aud: POSTS, iss: 'daybreak-gateway' });
    const { exp, iat } = decoded?.payload as { exp: number; iat: number };
    expect(exp - iat).toBe(60);
  });

  it('refuses a missing or malformed token', () => {
    expect(verifyIdentityToken(undefined, publicKey, POSTS)).toBeNull();
    expect(verifyIdentityToken('', publicKey, POSTS)).toBeNull();
    expect(verifyIdentityToken('not.a.token', publicKey, POSTS)).toBeNull();
    expect(verifyIdentityToken('a.b', publicKey, POSTS)).toBeNull();
    const [header, payload] = signIdentityToken({ userId: MEMBER }, privateKey, POSTS).split('.');
    for (const signature of ['', 'AAAA', '%%%', 'x'.repeat(200)])
      expect(verifyIdentityToken(`${header}.${payload}.${signature}`, publicKey, POSTS)).toBeNull();
  });

  it('refuses a token signed with another key', () => {
    const other = generateIdentityKeyPair();
    const forged = signIdentityToken({ userId: MEMBER }, other.privateKey, POSTS);
    expect(verifyIdentityToken(forged, publicKey, POSTS)).toBeNull();
  });

  it('refuses a token meant for another service', () => {
    const forSocial = signIdentityToken({ userId: MEMBER }, privateKey, identityAudience('social'));
    expect(verifyIdentityToken(forSocial, publicKey, POSTS)).toBeNull();
    expect(verifyIdentityToken(forSocial, publicKey, identityAudience('social'))).toEqual({ userId: MEMBER });
  });

  it('refuses an expired token, and one without an expiry', () => {
    const header = { alg: 'EdDSA', typ: 'JWT' };
    expect(verifyIdentityToken(signedByGateway(header, validClaims()), publicKey, POSTS)).toEqual({
      userId: MEMBER,
    });
    const expired = signedByGateway(header, { ...validClaims(), exp: now() - 1 });
    expect(verifyIdentityToken(expired, publicKey, POSTS)).toBeNull();
    const { exp: _exp, ...withoutExpiry } = validClaims();
    expect(verifyIdentityToken(signedByGateway(header, withoutExpiry), publicKey, POSTS)).toBeNull();
    const textExpiry = signedByGateway(header, { ...validClaims(), exp: String(now() + 60) });
    expect(verifyIdentityToken(textExpiry, publicKey, POSTS)).toBeNull();
  });

  describe('once verified (a service sees the same token for most of its minute)', () => {
    afterEach(() => jest.useRealTimers());

    it('still refuses it when it has expired since', () => {
      jest.useFakeTimers({ now: Date.now() });
      const token = signIdentityToken({ userId: MEMBER }, privateKey, POSTS);
      expect(verifyIdentityToken(token, publicKey, POSTS)).toEqual({ userId: MEMBER });

      jest.setSystemTime(Date.now() + 61_000);

      expect(verifyIdentityToken(token, publicKey, POSTS)).toBeNull();
    });

    it('still refuses it for another service, or under another key', () => {
      const token = signIdentityToken({ userId: MEMBER }, privateKey, POSTS);
      expect(verifyIdentityToken(token, publicKey, POSTS)).toEqual({ userId: MEMBER });

      expect(verifyIdentityToken(token, publicKey, identityAudience('social'))).toBeNull();
      expect(verifyIdentityToken(token, generateIdentityKeyPair().publicKey, POSTS)).toBeNull();
      expect(verifyIdentityToken(token, publicKey, POSTS)).toEqual({ userId: MEMBER });
    });
  });

  it('refuses a token from another issuer', () => {
    const token = signedByGateway({ alg: 'EdDSA' }, { ...validClaims(), iss: 'elsewhere' });
    expect(verifyIdentityToken(token, publicKey, POSTS)).toBeNull();
  });

  it('refuses an unsigned token (alg: none)', () => {
    const unsigned = jwt.sign(validClaims(), '', { algorithm: 'none' });
    expect(verifyIdentityToken(unsigned, publicKey, POSTS)).toBeNull();
    expect(verifyIdentityToken(`${unsigned}x`, publicKey, POSTS)).toBeNull();
  });

  it('refuses HS256 keyed with the public key (the key every service holds)', () => {
    const signed = `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(validClaims())}`;
    for (const secret of [publicKey, Buffer.from(publicKey, 'base64')]) {
      const mac = createHmac('sha256', secret).update(signed).digest('base64url');
      expect(verifyIdentityToken(`${signed}.${mac}`, publicKey, POSTS)).toBeNull();
    }
  });

  it('refuses every other algorithm, even with a valid EdDSA signature under its header', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
    expect(
      verifyIdentityToken(jwt.sign(validClaims(), rsa, { algorithm: 'RS256' }), publicKey, POSTS),
    ).toBeNull();
    expect(
      verifyIdentityToken(jwt.sign(validClaims(), ec, { algorithm: 'ES256' }), publicKey, POSTS),
    ).toBeNull();
    expect(verifyIdentityToken(jwt.sign(validClaims(), 'x'.repeat(32)), publicKey, POSTS)).toBeNull();
    for (const alg of ['HS256', 'RS256', 'ES256', 'none', 'eddsa']) {
      expect(verifyIdentityToken(signedByGateway({ alg }, validClaims()), publicKey, POSTS)).toBeNull();
    }
  });

  it('reads keys as PEM, base64 of PEM, or base64 DER, and refuses what is not an Ed25519 key of its kind', () => {
    const pair = generateKeyPairSync('ed25519');
    const privatePem = pair.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const publicPem = pair.publicKey.export({ format: 'pem', type: 'spki' }).toString();
    const token = signIdentityToken({ userId: MEMBER }, privatePem, POSTS);
    expect(verifyIdentityToken(token, publicPem, POSTS)).toEqual({ userId: MEMBER });
    expect(verifyIdentityToken(token, Buffer.from(publicPem).toString('base64'), POSTS)).toEqual({
      userId: MEMBER,
    });
    expect(() => identityPublicKey(privatePem)).toThrow('IDENTITY_PUBLIC_KEY must be a public key');
    const rsaPublic = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey;
    expect(() => identityPublicKey(rsaPublic.export({ format: 'pem', type: 'spki' }).toString())).toThrow(
      'IDENTITY_PUBLIC_KEY must be an Ed25519 key (got rsa)',
    );
    expect(() => identityPrivateKey(publicPem)).toThrow();
    expect(() => identityPrivateKey('not a key')).toThrow();
  });

  it('makes each key object once per key, and uses the key it is given, not the first one it saw', () => {
    expect(identityPublicKey(publicKey)).toBe(identityPublicKey(publicKey));
    expect(identityPrivateKey(privateKey)).toBe(identityPrivateKey(privateKey));
    const rotated = generateIdentityKeyPair();
    const token = signIdentityToken({ userId: MEMBER }, privateKey, POSTS);
    expect(verifyIdentityToken(token, rotated.publicKey, POSTS)).toBeNull();
    expect(verifyIdentityToken(token, publicKey, POSTS)).toEqual({ userId: MEMBER });
  });
});
