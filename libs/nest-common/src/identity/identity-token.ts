import { KeyObject, createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify } from 'node:crypto';
import { LRUCache } from 'lru-cache';

/** Header that carries the gateway-signed identity of the caller to every service. */
export const IDENTITY_HEADER = 'x-daybreak-identity';

const ISSUER = 'daybreak-gateway';
/** Short enough that a leaked token is useless within a minute; long enough for one request chain. */
export const IDENTITY_TOKEN_TTL_SECONDS = 60;
/** The only algorithm signed or accepted: Ed25519, so only the holder of the private key mints tokens. */
const ALGORITHM = 'EdDSA';

/** Who is calling: a member (userId) or a guest (null), as vouched for by the gateway. */
export interface Viewer {
  userId: string | null;
  /**
   * A moderator (issue 42): the gateway says so from the session (ADR 0025), and only social's
   * moderation routes read it. Absent for everyone else.
   */
  isModerator?: true;
}

/**
 * The audience of tokens meant for one service (`daybreak-posts`): a token the gateway made for
 * one service is refused by every other, so a compromised service can't replay it elsewhere.
 */
export const identityAudience = (service: string): string => `daybreak-${service}`;

/**
 * A key as PEM text, or base64 of either PEM text or DER (PKCS#8 for the private key, SPKI for the
 * public one): env files and Kubernetes secrets carry one line more easily than PEM's several.
 */
function keyInput(text: string): { key: string | Buffer; format: 'pem' | 'der' } {
  const trimmed = text.trim();
  if (trimmed.startsWith('-----BEGIN')) return { key: trimmed, format: 'pem' };
  const decoded = Buffer.from(trimmed, 'base64');
  const asText = decoded.toString('utf8');
  if (asText.startsWith('-----BEGIN')) return { key: asText, format: 'pem' };
  return { key: decoded, format: 'der' };
}

function ed25519(key: KeyObject, variable: string): KeyObject {
  if (key.asymmetricKeyType !== 'ed25519')
    throw new Error(`${variable} must be an Ed25519 key (got ${key.asymmetricKeyType ?? 'a secret key'})`);
  return key;
}

/**
 * Keys are parsed once per process and text: parsing per call would cost more than the signature
 * itself, and every request signs once in the gateway and verifies once per service.
 */
function cached(parse: (text: string) => KeyObject): (text: string) => KeyObject {
  const keys = new Map<string, KeyObject>();
  return (text) => {
    let key = keys.get(text);
    if (!key) {
      key = parse(text);
      keys.set(text, key);
    }
    return key;
  };
}

/** The gateway's signing key; throws a message naming the variable when the text isn't one. */
export const identityPrivateKey = cached((text) =>
  ed25519(createPrivateKey({ ...keyInput(text), type: 'pkcs8' }), 'IDENTITY_PRIVATE_KEY'),
);

/** A service's verifying key; throws a message naming the variable when the text isn't one. */
export const identityPublicKey = cached((text) => {
  const input = keyInput(text);
  // createPublicKey would derive the public key from a private PEM: a service must not hold that.
  if (input.format === 'pem' && String(input.key).includes('PRIVATE KEY'))
    throw new Error('IDENTITY_PUBLIC_KEY must be a public key, not the private one');
  return ed25519(createPublicKey({ ...input, type: 'spki' }), 'IDENTITY_PUBLIC_KEY');
});

/** A new key pair as one-line base64 DER (dev and test stacks make one; production brings its own). */
export function generateIdentityKeyPair(): { privateKey: string; publicKey: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    privateKey: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
    publicKey: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
  };
}

const base64url = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');
const HEADER = base64url({ alg: ALGORITHM, typ: 'JWT' });

/** The gateway's token for one service (`audience`, see identityAudience), valid for a minute. */
export function signIdentityToken(viewer: Viewer, privateKey: string, audience: string): string {
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    ...(viewer.userId ? { sub: viewer.userId } : {}),
    ...(viewer.userId && viewer.isModerator ? { mod: true } : {}),
    aud: audience,
    iss: ISSUER,
    iat: now,
    exp: now + IDENTITY_TOKEN_TTL_SECONDS,
  };
  const signed = `${HEADER}.${base64url(claims)}`;
  const signature = sign(null, Buffer.from(signed), identityPrivateKey(privateKey));
  return `${signed}.${signature.toString('base64url')}`;
}

/** False, not an exception, for a signature of the wrong length or encoding: the caller answers 401. */
function signatureMatches(signed: string, signature: string, key: KeyObject): boolean {
  try {
    return verify(null, Buffer.from(signed), key, Buffer.from(signature, 'base64url'));
  } catch {
    return false;
  }
}

function decode(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Returns the viewer, or null when the token is missing, not EdDSA, not signed by the gateway's key,
 * expired or without an expiry, or meant for another service. The algorithm is fixed here, never
 * taken from the token's header, so `alg: none` or HS256 keyed with the public key can't pass.
 */
export function verifyIdentityToken(
  token: string | undefined,
  publicKey: string,
  audience: string,
): Viewer | null {
  if (!token) return null;
  const key = identityPublicKey(publicKey);
  const known = verifiedTokens.get(token);
  if (known && known.key === key && known.audience === audience)
    return known.exp > Date.now() / 1000 ? known.viewer : null;
  const verified = verifySignedToken(token, key, audience);
  if (verified) verifiedTokens.set(token, { ...verified, key, audience });
  return verified?.viewer ?? null;
}

/**
 * Tokens already verified, with what they said. The gateway reuses a member's token for most of its
 * minute, so a service sees the same token again and again; an Ed25519 verification costs about a
 * seventh of a feed page's CPU in posts. Only tokens that passed are kept (nobody without the private
 * key can fill this), the expiry is checked again at each use, and the least recently used go first
 * past the bound.
 */
const verifiedTokens = new LRUCache<string, VerifiedToken>({ max: 10_000 });

interface VerifiedToken {
  viewer: Viewer;
  exp: number;
  key: KeyObject;
  audience: string;
}

function verifySignedToken(
  token: string,
  key: KeyObject,
  audience: string,
): { viewer: Viewer; exp: number } | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts;
  if (decode(header)?.alg !== ALGORITHM) return null;
  if (!signatureMatches(`${header}.${payload}`, signature, key)) return null;
  const claims = decode(payload);
  if (!claims || claims.iss !== ISSUER || claims.aud !== audience) return null;
  if (typeof claims.exp !== 'number' || claims.exp <= Date.now() / 1000) return null;
  const userId = typeof claims.sub === 'string' ? claims.sub : null;
  const viewer: Viewer = userId && claims.mod === true ? { userId, isModerator: true } : { userId };
  return { viewer, exp: claims.exp };
}
