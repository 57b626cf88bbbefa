import { Inject, Injectable } from '@nestjs/common';
import type { AppNotification, PostsExport, SocialExport } from '@daybreak/contracts';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';
import { downstreamPath } from './downstream-path';
import type { ServiceClient } from './service-client';
import { serviceClientFor } from './service-client-for';

/** A member's account as a whole, across the services that hold a part of it (issue 42). */
@Injectable()
export class AccountClient {
  private readonly social: ServiceClient;
  private readonly posts: ServiceClient;
  private readonly notifications: ServiceClient;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.social = serviceClientFor(config, 'social');
    this.posts = serviceClientFor(config, 'posts');
    this.notifications = serviceClientFor(config, 'notifications');
  }

  /** Social erases the member and publishes `user.deleted`; the others follow from it. */
  delete(userId: string): Promise<void> {
    return this.social.call(downstreamPath`/account`, { viewer: { userId }, method: 'DELETE' });
  }

  socialExport(userId: string): Promise<SocialExport> {
    return this.social.call(downstreamPath`/account/export`, { viewer: { userId } });
  }

  postsExport(userId: string): Promise<PostsExport> {
    return this.posts.call(downstreamPath`/account/export`, { viewer: { userId } });
  }

  notificationsExport(userId: string): Promise<AppNotification[]> {
    return this.notifications.call(downstreamPath`/notifications/export`, { viewer: { userId } });
  }
}
