import { Inject, Injectable, Logger } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { BaseClient, Issuer, Strategy, TokenSet, custom } from 'openid-client';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';
import type { ProviderIdentity } from '../downstream/social.client';
import { identityFromClaims } from './identity';

export const OIDC_STRATEGY = 'oidc';
/** The discovered, configured openid-client `Client` (a Nest provider: discovery is async). */
export const OIDC_CLIENT = Symbol('OIDC_CLIENT');
export const OIDC_SCOPE = 'openid email profile';

/** The strategy's result: who signed in, and the ID token that later asks the provider to sign them out. */
export type SignedInIdentity = ProviderIdentity & { idToken?: string };

/**
 * Where the browser goes to end the member's session at the provider too, then comes back to
 * PUBLIC_URL; null when the provider has no end-session endpoint (RP-initiated logout).
 */
export function providerSignOutUrl(
  client: BaseClient,
  config: GatewayConfig,
  idToken?: string,
): string | null {
  if (!client.issuer.metadata.end_session_endpoint) return null;
  return client.endSessionUrl({
    id_token_hint: idToken,
    post_logout_redirect_uri: `${config.PUBLIC_URL.replace(/\/+$/, '')}/`,
  });
}

export const callbackUrl = (config: GatewayConfig): string =>
  `${config.PUBLIC_URL.replace(/\/+$/, '')}/api/callback`;

export interface DiscoveryOptions {
  attempts?: number;
  delayMs?: number;
}

/**
 * Reads the provider's metadata. The provider may start at the same time as the gateway (npm start,
 * docker compose), so a few failures are retried before giving up with an error that names the URL.
 */
export async function discoverIssuer(
  url: string,
  { attempts = 8, delayMs = 500 }: DiscoveryOptions = {},
): Promise<Issuer> {
  const logger = new Logger('OidcDiscovery');
  let lastError: unknown;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      return await Issuer.discover(url);
    } catch (error) {
      lastError = error;
      if (attempt < attempts) {
        const wait = Math.min(delayMs * 2 ** (attempt - 1), 5000);
        logger.warn(
          `OpenID provider ${url} not reachable yet (${(error as Error).message}); retrying in ${wait} ms`,
        );
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  }
  throw new Error(
    `OpenID Connect discovery failed for OIDC_ISSUER_URL=${url} after ${attempts} attempts: ${(lastError as Error)?.message}. ` +
      'Is the identity provider running (npm start runs the dev provider) and is the URL right?',
    { cause: lastError },
  );
}

/** The gateway as a confidential client (backend-for-frontend): tokens never reach the browser. */
export async function createOidcClient(
  config: GatewayConfig,
  options?: DiscoveryOptions,
): Promise<BaseClient> {
  const issuer = await discoverIssuer(config.OIDC_ISSUER_URL, options);
  const client = new issuer.Client({
    client_id: config.OIDC_CLIENT_ID,
    client_secret: config.OIDC_CLIENT_SECRET,
    redirect_uris: [callbackUrl(config)],
    response_types: ['code'],
    token_endpoint_auth_method: 'client_secret_basic',
  });
  client[custom.clock_tolerance] = 5; // seconds of clock skew tolerated on ID token times
  return client;
}

/**
 * The passport strategy behind /api/login and /api/callback. openid-client generates and checks
 * state, nonce and the PKCE (S256) verifier, keeping them in the session under `oidc` between the two
 * requests. Its result is the provider identity only; the member session is made by the controller.
 */
@Injectable()
export class OidcStrategy extends PassportStrategy(Strategy, OIDC_STRATEGY) {
  private readonly logger = new Logger('OidcStrategy');

  constructor(
    @Inject(OIDC_CLIENT) private readonly client: BaseClient,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
  ) {
    super({
      client,
      params: { scope: OIDC_SCOPE, redirect_uri: callbackUrl(config) },
      usePKCE: 'S256',
      sessionKey: 'oidc',
    });
  }

  /** Called with the verified token set (ID token signature, iss, aud, nonce, exp already checked). */
  async validate(tokenSet: TokenSet): Promise<SignedInIdentity> {
    const identity = await this.identityOf(tokenSet);
    return { ...identity, idToken: tokenSet.id_token };
  }

  private async identityOf(tokenSet: TokenSet): Promise<ProviderIdentity> {
    const claims = tokenSet.claims();
    const issuer = this.client.issuer.metadata.issuer;
    const identity = identityFromClaims(issuer, claims);
    // Strictly conforming providers put profile claims only in userinfo; ask there if they're missing.
    if (identity.email || !tokenSet.access_token || !this.client.issuer.metadata.userinfo_endpoint)
      return identity;
    try {
      const userinfo = await this.client.userinfo(tokenSet); // checks userinfo.sub === ID token sub
      return identityFromClaims(issuer, { ...userinfo, ...claims }); // ID token claims win, userinfo fills gaps
    } catch (error) {
      this.logger.warn(
        `userinfo request failed, signing in with ID token claims only: ${(error as Error).message}`,
      );
      return identity;
    }
  }
}
