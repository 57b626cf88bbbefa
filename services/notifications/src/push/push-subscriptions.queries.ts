import { NamedStatement, queryNamed } from '@daybreak/database';
import type { EntityManager } from 'typeorm';

/** The `push_subscriptions` table: several per member, one per endpoint. */

/** A subscription as stored. */
export interface PushSubscriptionRow {
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** Read for every transaction of notifications (to push them), so prepared once per connection. */
const SUBSCRIPTIONS_OF_MEMBERS: NamedStatement = {
  name: 'push_subscriptions_of_members',
  text: `SELECT user_id, endpoint, p256dh, auth FROM push_subscriptions WHERE user_id = ANY($1::uuid[])`,
};

export function subscriptionsOfMembers(
  manager: EntityManager,
  userIds: readonly string[],
): Promise<PushSubscriptionRow[]> {
  return queryNamed<PushSubscriptionRow>(manager, SUBSCRIPTIONS_OF_MEMBERS, [userIds]);
}

/** Takes the member's lock on their subscriptions until the transaction ends. */
export async function lockMemberSubscriptions(manager: EntityManager, userId: string): Promise<void> {
  await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended('push_subscriptions:' || $1, 0))`, [
    userId.toLowerCase(),
  ]);
}

/** Saves the subscription as the member's newest; an endpoint another member had becomes theirs. */
export async function upsertSubscription(
  manager: EntityManager,
  row: Omit<PushSubscriptionRow, 'user_id'> & { userId: string },
): Promise<void> {
  await manager.query(
    `INSERT INTO push_subscriptions (endpoint, user_id, p256dh, auth) VALUES ($1, $2, $3, $4)
     ON CONFLICT (endpoint) DO UPDATE
       SET user_id = EXCLUDED.user_id, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth, created_at = now()`,
    [row.endpoint, row.userId, row.p256dh, row.auth],
  );
}

/** Deletes the member's subscriptions past their `keep` newest (`endpoint` first among equals). */
export async function trimSubscriptions(
  manager: EntityManager,
  userId: string,
  endpoint: string,
  keep: number,
): Promise<void> {
  await manager.query(
    `DELETE FROM push_subscriptions WHERE endpoint IN (
       SELECT endpoint FROM push_subscriptions WHERE user_id = $1
       ORDER BY created_at DESC, endpoint = $2 DESC OFFSET $3)`,
    [userId, endpoint, keep],
  );
}

export async function deleteMemberSubscription(
  manager: EntityManager,
  userId: string,
  endpoint: string,
): Promise<void> {
  await manager.query(`DELETE FROM push_subscriptions WHERE user_id = $1 AND endpoint = $2`, [
    userId,
    endpoint,
  ]);
}

export async function deleteSubscription(manager: EntityManager, endpoint: string): Promise<void> {
  await manager.query(`DELETE FROM push_subscriptions WHERE endpoint = $1`, [endpoint]);
}

/** A member who left (issue 42): every browser of theirs stops getting pushes. */
export async function deleteSubscriptionsOf(manager: EntityManager, userId: string): Promise<void> {
  await manager.query(`DELETE FROM push_subscriptions WHERE user_id = $1`, [userId]);
}
