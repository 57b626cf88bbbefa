import type { ProviderIdentity } from '../downstream/social.client';

/** The standard claims we read, from an ID token or a userinfo response. */
export interface IdentityClaims {
  iss?: unknown;
  sub?: unknown;
  email?: unknown;
  given_name?: unknown;
  family_name?: unknown;
  name?: unknown;
  [claim: string]: unknown;
}

const text = (value: unknown): string | null => {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim().replace(/\s+/g, ' ');
  return trimmed.length > 0 ? trimmed : null;
};

/**
 * Who signed in, from the provider's claims. Providers differ: some send given/family names, some
 * only `name` ("Ada King Lovelace" → first "Ada", last "King Lovelace"), some neither.
 */
export function identityFromClaims(issuer: string, claims: IdentityClaims): ProviderIdentity {
  const subject = text(claims.sub);
  if (!subject) throw new Error('the ID token has no subject');
  let firstName = text(claims.given_name);
  let lastName = text(claims.family_name);
  const fullName = text(claims.name);
  if (!firstName && !lastName && fullName) {
    const [first, ...rest] = fullName.split(' ');
    firstName = first;
    lastName = rest.length > 0 ? rest.join(' ') : null;
  }
  return { issuer: text(claims.iss) ?? issuer, subject, email: text(claims.email), firstName, lastName };
}
