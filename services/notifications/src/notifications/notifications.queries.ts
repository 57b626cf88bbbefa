import { NamedStatement, queryNamed } from '@daybreak/database';
import type { EntityManager } from 'typeorm';
import type { NotificationType } from './notification-text';

/**
 * The `notifications` table: one row per recipient and cause (`notifications_once`). Every statement
 * that writes it is here (tables.spec.ts); its reads that write nothing are notification-reads.queries.ts.
 */

/** A notification to insert. */
export interface NotificationInsert {
  recipientId: string;
  type: NotificationType;
  message: string;
  fromUserId: string | null;
  postId: string | null;
  /**
   * One notification per recipient and key: a like's key is its liker and post, so like, unlike and
   * like again notify once.
   */
  dedupeKey: string;
  /**
   * When its cause happened (the event's `occurredAt`), not when the worker got to it; a producer's
   * clock ahead of ours is taken as now, so nothing is dated in the future.
   */
  createdAt: string;
}

/** A notification just inserted. */
export interface CreatedRow {
  id: string;
  userId: string;
}

/** One batch of a post's fan-out: the last follower it walked (null past the end), and those notified. */
export interface FanOutBatchRow {
  last: string | null;
  inserted: CreatedRow[];
}

/**
 * Whether the recipient hears from the member who caused a notification: not when either blocked
 * the other, nor when the recipient muted them (ADR 0023). True when no member caused it (a badge).
 */
const hearsFrom = (recipient: string, actor: string) =>
  `NOT EXISTS (SELECT 1 FROM blocks WHERE (blocker_id = ${recipient} AND blocked_id = ${actor})
                                        OR (blocker_id = ${actor} AND blocked_id = ${recipient}))
   AND NOT EXISTS (SELECT 1 FROM mutes WHERE muter_id = ${recipient} AND muted_id = ${actor})`;

/**
 * Notifications in one statement, each unless its recipient has one for its cause, its post was
 * deleted, or its recipient doesn't hear from its member. Answers those inserted.
 */
const INSERT_NOTIFICATIONS: NamedStatement = {
  name: 'notifications_insert',
  text: `INSERT INTO notifications (user_id, type, message, from_user_id, post_id, dedupe_key, created_at)
         SELECT n.user_id, n.type, n.message, n.from_user_id, n.post_id, n.dedupe_key, least(n.created_at, now())
         FROM unnest($1::uuid[], $2::text[], $3::text[], $4::uuid[], $5::uuid[], $6::text[], $7::timestamptz[])
              AS n (user_id, type, message, from_user_id, post_id, dedupe_key, created_at)
         WHERE NOT EXISTS (SELECT 1 FROM posts WHERE posts.post_id = n.post_id AND deleted)
           AND ${hearsFrom('n.user_id', 'n.from_user_id')}
         ON CONFLICT (user_id, dedupe_key) DO NOTHING
         RETURNING id, user_id AS "userId", dedupe_key AS "dedupeKey"`,
};

export function insertNotifications(
  manager: EntityManager,
  rows: readonly NotificationInsert[],
): Promise<(CreatedRow & { dedupeKey: string })[]> {
  return queryNamed(manager, INSERT_NOTIFICATIONS, [
    rows.map(({ recipientId }) => recipientId),
    rows.map(({ type }) => type),
    rows.map(({ message }) => message),
    rows.map(({ fromUserId }) => fromUserId),
    rows.map(({ postId }) => postId),
    rows.map(({ dedupeKey }) => dedupeKey),
    rows.map(({ createdAt }) => createdAt),
  ]);
}

/**
 * Notifies the next `limit` followers of the author after `after` (in id order) of the post, in one
 * INSERT … SELECT; a follower who has it already, or doesn't hear from the author, is skipped (after
 * the batch is walked, so `last` still moves on).
 */
export async function insertPostForFollowers(
  manager: EntityManager,
  post: { authorId: string; postId: string; message: string; dedupeKey: string; createdAt: string },
  after: string,
  limit: number,
): Promise<FanOutBatchRow> {
  const [batch] = await manager.query<FanOutBatchRow[]>(
    `WITH batch AS (
       SELECT follower_id FROM follows WHERE followee_id = $1 AND follower_id > $2
       ORDER BY follower_id LIMIT $3
     ), inserted AS (
       INSERT INTO notifications (user_id, type, message, from_user_id, post_id, dedupe_key, created_at)
       SELECT follower_id, 'post', $4, $1, $5, $6, least($7::timestamptz, now()) FROM batch
       WHERE ${hearsFrom('follower_id', '$1::uuid')}
       ON CONFLICT (user_id, dedupe_key) DO NOTHING
       RETURNING id, user_id
     )
     SELECT (SELECT follower_id FROM batch ORDER BY follower_id DESC LIMIT 1) AS last,
            (SELECT coalesce(json_agg(json_build_object('id', id, 'userId', user_id)), '[]') FROM inserted)
              AS inserted`,
    [post.authorId, after, limit, post.message, post.postId, post.dedupeKey, post.createdAt],
  );
  return batch ?? { last: null, inserted: [] };
}

/**
 * Deletes the notifications `where` matches (a condition of this file's, never a request's); answers
 * how many unread ones each member lost, for their counters.
 */
async function deleteCountingUnread(
  manager: EntityManager,
  where: string,
  params: unknown[],
): Promise<Map<string, number>> {
  const rows = await manager.query<{ userId: string; unread: number }[]>(
    `WITH gone AS (DELETE FROM notifications WHERE ${where} RETURNING user_id, is_read)
     SELECT user_id AS "userId", count(*)::int AS unread FROM gone WHERE NOT is_read GROUP BY user_id`,
    params,
  );
  return new Map(rows.map((row) => [row.userId, row.unread]));
}

/** Deletes the post's notifications; answers how many unread ones each member lost. */
export function deleteNotificationsOfPost(
  manager: EntityManager,
  postId: string,
): Promise<Map<string, number>> {
  return deleteCountingUnread(manager, `post_id = $1`, [postId]);
}

/** Deletes what each of the two members caused the other; answers how many unread ones each lost. */
export function deleteNotificationsBetween(
  manager: EntityManager,
  oneId: string,
  otherId: string,
): Promise<Map<string, number>> {
  return deleteCountingUnread(
    manager,
    `(user_id = $1 AND from_user_id = $2) OR (user_id = $2 AND from_user_id = $1)`,
    [oneId, otherId],
  );
}

/** Marks the member's notification read; answers whether it was unread (false: read, or not theirs). */
export async function markNotificationRead(
  manager: EntityManager,
  userId: string,
  id: string,
): Promise<boolean> {
  // Wrapped in a SELECT: TypeORM returns [rows, count] for a bare UPDATE … RETURNING.
  const flipped = await manager.query<unknown[]>(
    `WITH flipped AS (
       UPDATE notifications SET is_read = true WHERE id = $1 AND user_id = $2 AND NOT is_read RETURNING id
     )
     SELECT id FROM flipped`,
    [id, userId],
  );
  return flipped.length > 0;
}

export async function markAllNotificationsRead(manager: EntityManager, userId: string): Promise<void> {
  await manager.query(`UPDATE notifications SET is_read = true WHERE user_id = $1 AND NOT is_read`, [userId]);
}

/**
 * A member who left (issue 42): the notifications they received and the ones they caused. Answers
 * how many of the others' unread ones went, per recipient, for their counters.
 */
export async function deleteNotificationsOfMember(
  manager: EntityManager,
  userId: string,
): Promise<Map<string, number>> {
  await manager.query(`DELETE FROM notifications WHERE user_id = $1`, [userId]);
  return deleteCountingUnread(manager, `from_user_id = $1`, [userId]);
}

/** Marks a member's notifications older than `before` read; answers how many were unread. */
export async function markReadBefore(manager: EntityManager, userId: string, before: Date): Promise<number> {
  const [{ count }] = await manager.query<{ count: number }[]>(
    `WITH flipped AS (
       UPDATE notifications SET is_read = true
       WHERE user_id = $1 AND NOT is_read AND created_at < $2 RETURNING id
     )
     SELECT count(*)::int AS count FROM flipped`,
    [userId, before],
  );
  return count;
}
