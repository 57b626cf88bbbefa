import { Inject, Injectable } from '@nestjs/common';
import type { AppNotification, PushPublicKey, ReminderSettings, UnreadCount } from '@daybreak/contracts';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';
import { serviceClientFor } from './service-client-for';
import { downstreamPath } from './downstream-path';
import { ServiceClient } from './service-client';

/** The notifications service (its list, unread counter, push subscriptions and reminders), for one member. */
@Injectable()
export class NotificationsClient {
  private readonly client: ServiceClient;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.client = serviceClientFor(config, 'notifications');
  }

  list(viewerId: string): Promise<AppNotification[]> {
    return this.client.call(downstreamPath`/notifications`, { viewer: { userId: viewerId } });
  }

  unreadCount(viewerId: string): Promise<UnreadCount> {
    return this.client.call(downstreamPath`/notifications/unread-count`, { viewer: { userId: viewerId } });
  }

  markRead(viewerId: string, id: string): Promise<void> {
    return this.client.call(downstreamPath`/notifications/${id}/read`, {
      viewer: { userId: viewerId },
      method: 'PUT',
    });
  }

  markAllRead(viewerId: string): Promise<void> {
    return this.client.call(downstreamPath`/notifications/read-all`, {
      viewer: { userId: viewerId },
      method: 'PUT',
    });
  }

  vapidKey(viewerId: string): Promise<PushPublicKey> {
    return this.client.call(downstreamPath`/push/vapid-key`, { viewer: { userId: viewerId } });
  }

  /** The body goes through as sent: the notifications service validates the subscription. */
  subscribe(viewerId: string, subscription: unknown): Promise<void> {
    return this.client.call(downstreamPath`/push/subscriptions`, {
      viewer: { userId: viewerId },
      method: 'POST',
      body: { subscription },
    });
  }

  reminders(viewerId: string): Promise<ReminderSettings> {
    return this.client.call(downstreamPath`/reminders`, { viewer: { userId: viewerId } });
  }

  /** The body goes through as sent: the notifications service validates the settings. */
  saveReminders(viewerId: string, settings: unknown): Promise<ReminderSettings> {
    return this.client.call(downstreamPath`/reminders`, {
      viewer: { userId: viewerId },
      method: 'PUT',
      body: settings,
    });
  }

  unsubscribe(viewerId: string, endpoint: unknown): Promise<void> {
    return this.client.call(downstreamPath`/push/subscriptions/remove`, {
      viewer: { userId: viewerId },
      method: 'POST',
      body: { endpoint },
    });
  }
}
