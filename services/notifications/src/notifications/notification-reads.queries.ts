import type { EntityManager } from 'typeorm';

/**
 * The `notifications` table's reads (its writes are notifications.queries.ts): the member's list,
 * whose counters a deletion locks, and the demo seed's wait.
 */

/** A notification as the member's list reads it, with who caused it and its post. */
export interface NotificationListRow {
  id: string;
  type: string;
  message: string;
  isRead: boolean;
  createdAt: Date;
  fromUserId: string | null;
  postId: string | null;
  firstName: string | null;
  lastName: string | null;
  profileName: string | null;
  profileImageUrl: string | null;
  imageUrl: string | null;
  /** Whether the service knows the member who caused it (its names are then current). */
  fromKnown: boolean;
  /** What a notification from Daybreak itself is about: its cause's kind (`reminder`, `badge`). */
  kind: string | null;
}

/** The member's newest `limit` notifications, newest first. */
export function newestNotifications(
  manager: EntityManager,
  userId: string,
  limit: number,
): Promise<NotificationListRow[]> {
  return manager.query<NotificationListRow[]>(
    `SELECT n.id, n.type, n.message, n.is_read AS "isRead", n.created_at AS "createdAt",
            n.from_user_id AS "fromUserId", n.post_id AS "postId",
            m.first_name AS "firstName", m.last_name AS "lastName", m.profile_name AS "profileName",
            m.profile_image_url AS "profileImageUrl", p.image_url AS "imageUrl",
            m.user_id IS NOT NULL AS "fromKnown",
            CASE WHEN n.type = 'other' THEN split_part(n.dedupe_key, ':', 1) END AS kind
     FROM notifications n
     LEFT JOIN members m ON m.user_id = n.from_user_id
     LEFT JOIN posts p ON p.post_id = n.post_id
     WHERE n.user_id = $1
     ORDER BY n.created_at DESC, n.id DESC
     LIMIT $2`,
    [userId, limit],
  );
}

export async function isNotificationOf(manager: EntityManager, userId: string, id: string): Promise<boolean> {
  const owned = await manager.query<unknown[]>(`SELECT 1 FROM notifications WHERE id = $1 AND user_id = $2`, [
    id,
    userId,
  ]);
  return owned.length > 0;
}

/** The members with a notification of the post. */
export async function recipientsOfPost(manager: EntityManager, postId: string): Promise<string[]> {
  const rows = await manager.query<{ userId: string }[]>(
    `SELECT DISTINCT user_id AS "userId" FROM notifications WHERE post_id = $1`,
    [postId],
  );
  return rows.map((row) => row.userId);
}

/** The members who hold a notification `userId` caused, for their counters' locks. */
export async function recipientsOfNotificationsFrom(
  manager: EntityManager,
  userId: string,
): Promise<string[]> {
  const rows = await manager.query<{ userId: string }[]>(
    `SELECT DISTINCT user_id AS "userId" FROM notifications WHERE from_user_id = $1 AND user_id <> $1`,
    [userId],
  );
  return rows.map((row) => row.userId);
}

/** How many notifications each of these members has, by type (the demo seed's wait). */
export function countsByRecipientAndType(
  manager: EntityManager,
  userIds: readonly string[],
): Promise<{ userId: string; type: string; count: number }[]> {
  return manager.query(
    `SELECT user_id AS "userId", type, count(*)::int AS count FROM notifications
     WHERE user_id = ANY($1::uuid[]) GROUP BY user_id, type`,
    [userIds],
  );
}
