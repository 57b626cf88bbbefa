import { Inject, Injectable } from '@nestjs/common';
import type {
  CurrentUser,
  FollowResult,
  GeneratedInvite,
  SharedInvite,
  ProfileUpdate,
  SignedInMember,
  UserListItem,
  UserProfile,
} from '@daybreak/contracts';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';
import { serviceClientFor } from './service-client-for';
import type { Page } from './page';
import { downstreamPath } from './downstream-path';
import { ServiceClient } from './service-client';
import { hasStatus } from './upstream-errors';

/** Who the identity provider says signed in. */
export interface ProviderIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
}

/** A profile as the social service knows it; the gateway adds the streaks. */
export type SocialProfile = Omit<UserProfile, 'currentStreak' | 'longestStreak'>;

/** An open invite's sender, by id, for the gateway to add their streak. */
export interface InviteDetails {
  inviter: Pick<UserProfile, 'id' | 'profileName' | 'firstName' | 'lastName' | 'profileImageUrl'>;
}

@Injectable()
export class SocialClient {
  private readonly client: ServiceClient;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.client = serviceClientFor(config, 'social');
  }

  /**
   * Finds the member for a provider identity, creating them (and `user.registered`) on first login;
   * `timezone` is the browser's zone when the login carried one.
   */
  signIn(identity: ProviderIdentity, timezone?: string): Promise<SignedInMember> {
    return this.client.call(downstreamPath`/users/sign-in`, {
      viewer: { userId: null },
      method: 'POST',
      body: { ...identity, timezone },
    });
  }

  /** The signed-in member, or null if their account no longer exists. */
  async getCurrentUser(userId: string): Promise<CurrentUser | null> {
    try {
      return await this.client.call<CurrentUser>(downstreamPath`/users/${userId}/me`, { viewer: { userId } });
    } catch (error) {
      if (hasStatus(error, 404)) return null;
      throw error;
    }
  }

  profile(viewerId: string | null, userId: string): Promise<SocialProfile> {
    return this.client.call(downstreamPath`/users/${userId}`, { viewer: { userId: viewerId } });
  }

  /** The body goes through as sent: the social service validates it (types, lengths). */
  updateProfile(viewerId: string, update: Partial<ProfileUpdate>): Promise<SocialProfile> {
    return this.put(viewerId, downstreamPath`/users/me/profile`, update);
  }

  setPhoto(viewerId: string, profileImageUrl: string): Promise<SocialProfile> {
    return this.put(viewerId, downstreamPath`/users/me/photo`, { profileImageUrl });
  }

  setTimezone(viewerId: string, timezone: unknown): Promise<SocialProfile> {
    return this.put(viewerId, downstreamPath`/users/me/timezone`, { timezone });
  }

  follow(viewerId: string, userId: string): Promise<FollowResult> {
    return this.client.call(downstreamPath`/users/${userId}/follow`, {
      viewer: { userId: viewerId },
      method: 'POST',
    });
  }

  unfollow(viewerId: string, userId: string): Promise<FollowResult> {
    return this.client.call(downstreamPath`/users/${userId}/follow`, {
      viewer: { userId: viewerId },
      method: 'DELETE',
    });
  }

  followers(viewerId: string | null, userId: string, page: Page): Promise<UserListItem[]> {
    return this.client.call(downstreamPath`/users/${userId}/followers`, {
      viewer: { userId: viewerId },
      query: { ...page },
    });
  }

  following(viewerId: string | null, userId: string, page: Page): Promise<UserListItem[]> {
    return this.client.call(downstreamPath`/users/${userId}/following`, {
      viewer: { userId: viewerId },
      query: { ...page },
    });
  }

  list(viewerId: string, limit?: string): Promise<UserListItem[]> {
    return this.client.call(downstreamPath`/users`, { viewer: { userId: viewerId }, query: { limit } });
  }

  search(viewerId: string, q?: string): Promise<UserListItem[]> {
    return this.client.call(downstreamPath`/users/search`, { viewer: { userId: viewerId }, query: { q } });
  }

  generateInvite(viewerId: string): Promise<GeneratedInvite> {
    return this.client.call(downstreamPath`/invites`, { viewer: { userId: viewerId }, method: 'POST' });
  }

  /** A new link; the member's link before it stops working. */
  renewInvite(viewerId: string): Promise<GeneratedInvite> {
    return this.client.call(downstreamPath`/invites/renew`, { viewer: { userId: viewerId }, method: 'POST' });
  }

  shareInvite(viewerId: string, code: string): Promise<SharedInvite> {
    return this.client.call(downstreamPath`/invites/${code}/shared`, {
      viewer: { userId: viewerId },
      method: 'POST',
    });
  }

  invite(viewerId: string | null, code: string): Promise<InviteDetails> {
    return this.client.call(downstreamPath`/invites/${code}`, { viewer: { userId: viewerId } });
  }

  acceptInvite(viewerId: string, code: string): Promise<{ inviterId: string; accepted: boolean }> {
    return this.client.call(downstreamPath`/invites/${code}/accept`, {
      viewer: { userId: viewerId },
      method: 'POST',
    });
  }

  private put<T>(viewerId: string, path: ReturnType<typeof downstreamPath>, body: unknown): Promise<T> {
    return this.client.call(path, { viewer: { userId: viewerId }, method: 'PUT', body });
  }
}
