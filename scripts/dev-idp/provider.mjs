// @ts-check
// oidc-provider configured as a small, standards-following OpenID provider for development:
// one confidential client, authorization code + PKCE (S256), scopes openid/email/profile.
import { createHash, generateKeyPairSync, randomUUID } from 'node:crypto';
import Provider, { interactionPolicy } from 'oidc-provider';
import { SIGN_OUT_SCRIPT, messagePage, signOutPage } from './sign-in.mjs';

export const SCOPES = ['openid', 'email', 'profile'];

/**
 * Asks "who are you?" on every authorization request, even when this provider still has a session
 * (one the gateway's sign-out did not end, e.g. a tab closed on the way): without this, the next
 * "Sign in" would silently reuse it and nobody could switch to another person in the same browser.
 */
function alwaysAskPolicy() {
  const policy = interactionPolicy.base();
  policy.get('login').checks.add(
    new interactionPolicy.Check(
      'dev_sign_in_every_time',
      'the development provider asks who you are on every sign-in',
      // On resume, the login we just collected satisfies the check; anywhere else it asks.
      (ctx) => !(ctx.oidc.route.endsWith('resume') && ctx.oidc.result?.login),
    ),
  );
  return policy;
}

const SIGN_OUT_CSP = [
  "default-src 'none'",
  `script-src 'sha256-${createHash('sha256').update(SIGN_OUT_SCRIPT).digest('base64')}'`,
  "style-src 'unsafe-inline'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

/**
 * RP-initiated logout without the "Do you want to sign out?" question: the only client is our gateway,
 * which sends the member here after ending its own session, so this ends the provider's session too
 * and returns to the gateway's post-logout address.
 */
async function logoutSource(ctx, form) {
  ctx.set('content-security-policy', SIGN_OUT_CSP);
  ctx.set('x-content-type-options', 'nosniff');
  ctx.body = signOutPage(form);
}

/** A fresh signing key per process: tokens are short-lived and clients re-fetch the JWKS on a new kid. */
function signingKeys() {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), alg: 'RS256', use: 'sig' }] };
}

/**
 * @param {object} options
 * @param {string} options.issuer
 * @param {{ clientId: string, clientSecret: string, redirectUris: string[], postLogoutRedirectUris: string[] }} options.client
 * @param {string[]} options.cookieKeys keys that sign the provider's cookies
 * @param {Map<string, object>} options.accounts accountId → person, filled by the sign-in form
 */
export function createProvider({ issuer, client, cookieKeys, accounts }) {
  return new Provider(issuer, {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        client_name: 'Daybreak',
        redirect_uris: client.redirectUris,
        post_logout_redirect_uris: client.postLogoutRedirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    // PKCE for every client, confidential ones included (oidc-provider only implements S256).
    pkce: { required: () => true },
    responseTypes: ['code'],
    scopes: SCOPES,
    claims: {
      openid: ['sub'],
      email: ['email'],
      profile: ['name', 'given_name', 'family_name'],
    },
    // Put the scope's claims into the ID token too, so a client needs no userinfo call to learn
    // who signed in (the gateway reads the ID token; it still works against stricter providers).
    conformIdTokenClaims: false,
    features: {
      devInteractions: { enabled: false }, // our own sign-in page lives at interactions.url
      rpInitiatedLogout: { enabled: true, logoutSource },
    },
    interactions: {
      policy: alwaysAskPolicy(),
      url: (_ctx, interaction) => `/interaction/${interaction.uid}`,
    },
    async findAccount(_ctx, sub) {
      const person = accounts.get(sub);
      if (!person) return undefined; // e.g. this process restarted: the client must sign in again
      return {
        accountId: sub,
        async claims() {
          return {
            sub,
            email: person.email,
            name: person.name,
            given_name: person.givenName,
            ...(person.familyName ? { family_name: person.familyName } : {}),
          };
        },
      };
    },
    cookies: { keys: cookieKeys },
    jwks: signingKeys(),
    // Explicit lifetimes (seconds); short because this is a development provider.
    ttl: {
      AuthorizationCode: 60,
      AccessToken: 60 * 60,
      IdToken: 60 * 60,
      Interaction: 15 * 60,
      Session: 24 * 60 * 60,
      Grant: 24 * 60 * 60,
    },
    async renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = messagePage(
        'Sign-in could not continue',
        `${out.error}: ${out.error_description ?? 'unknown error'}. Go back to Daybreak and try signing in again.`,
      );
    },
  });
}
