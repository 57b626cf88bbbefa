import { Inject, Injectable } from '@nestjs/common';
import type { CurrentUser } from '@daybreak/contracts';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';
import { downstreamPath } from './downstream-path';
import { ServiceClient } from './service-client';

/** Who the identity provider says signed in. */
export interface ProviderIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
}

@Injectable()
export class SocialClient {
  private readonly client: ServiceClient;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.client = new ServiceClient('social', config.SOCIAL_URL, config.SERVICE_TOKEN_SECRET);
  }

  /** Finds the member for a provider identity, creating them (and `user.registered`) on first login. */
  signIn(identity: ProviderIdentity): Promise<CurrentUser> {
    return this.client.call(downstreamPath`/users/sign-in`, {
      viewer: { userId: null },
      method: 'POST',
      body: identity,
    });
  }

  /** The signed-in member, or null if their account no longer exists. */
  async getCurrentUser(userId: string): Promise<CurrentUser | null> {
    try {
      return await this.client.call<CurrentUser>(downstreamPath`/users/${userId}/me`, { viewer: { userId } });
    } catch (error) {
      if ((error as { getStatus?: () => number }).getStatus?.() === 404) return null;
      throw error;
    }
  }
}
