import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  deleteMemberSubscription,
  deleteSubscription,
  lockMemberSubscriptions,
  subscriptionsOfMembers,
  trimSubscriptions,
  upsertSubscription,
} from './push-subscriptions.queries';

/** Devices a member receives push on; see save. */
export const MAX_SUBSCRIPTIONS_PER_MEMBER = 10;

/** A browser's push subscription (PushSubscription.toJSON() without expirationTime). */
export interface StoredSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** The push_subscriptions table: several per member, one per endpoint. */
@Injectable()
export class PushSubscriptions {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Saves a member's subscription. An endpoint belongs to one browser profile, so when another member
   * subscribes from it (a shared device) or the browser rotates its keys, the row follows the latest.
   * A member keeps their MAX_SUBSCRIPTIONS_PER_MEMBER newest: a new one replaces the oldest, which
   * is most likely a browser that is gone (reinstalled, data cleared) without its push service having
   * said so yet. Refusing instead would lock a member out of push on their new device over rows they
   * can't see, and the bound is what protects us: each push costs one send per row.
   */
  async save(userId: string, subscription: StoredSubscription): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      // A member's subscribes one at a time: two at once would each trim to ten and leave eleven.
      await lockMemberSubscriptions(manager, userId);
      await upsertSubscription(manager, { userId, endpoint: subscription.endpoint, ...subscription.keys });
      await trimSubscriptions(manager, userId, subscription.endpoint, MAX_SUBSCRIPTIONS_PER_MEMBER);
    });
  }

  /** Removes the member's own subscription with this endpoint; another member's stays. */
  async remove(userId: string, endpoint: string): Promise<void> {
    await deleteMemberSubscription(this.dataSource.manager, userId, endpoint);
  }

  /** Forgets an endpoint the push service says is gone (404 or 410). */
  async forget(endpoint: string): Promise<void> {
    await deleteSubscription(this.dataSource.manager, endpoint);
  }

  /** Each member's subscriptions, by member id in lower case (a member with none is not in the map). */
  async ofMembers(userIds: readonly string[]): Promise<Map<string, StoredSubscription[]>> {
    const rows = await subscriptionsOfMembers(this.dataSource.manager, userIds);
    const byMember = new Map<string, StoredSubscription[]>();
    for (const { user_id: userId, endpoint, p256dh, auth } of rows) {
      const subscriptions = byMember.get(userId) ?? [];
      subscriptions.push({ endpoint, keys: { p256dh, auth } });
      byMember.set(userId, subscriptions);
    }
    return byMember;
  }
}
