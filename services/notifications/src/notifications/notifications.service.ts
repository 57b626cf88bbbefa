import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { NamedStatement, queryNamed } from '@daybreak/database';
import type { AppNotification, EventPayload, UnreadCount } from '@daybreak/contracts';
import { EventOrigin, Transaction, UnitOfWork, currentEventOrigin } from '@daybreak/messaging';
import type { DataSource } from 'typeorm';
import { PUSH_DISPATCHER, Push, PushDispatcher } from '../push/push-dispatcher';
import {
  NotificationType,
  badgeMessage,
  isFromMember,
  memberMessage,
  pushMessage,
} from './notification-text';
import { NotificationNotFoundError } from './notifications.errors';
import { ReadModelsService } from './read-models.service';
import { UnreadCounter } from './unread-counter';

/** Followers notified per INSERT … SELECT of a post's fan-out. */
export const FAN_OUT_BATCH = 1000;
/** The list shows the newest ones only. */
const LIST_LIMIT = 50;
const NO_UUID = '00000000-0000-0000-0000-000000000000';

/**
 * Notifications in one statement, each unless its recipient has one for its cause or its post was
 * deleted. Answers those inserted, with what tells them apart.
 */
const INSERT_NOTIFICATIONS: NamedStatement = {
  name: 'notifications_insert',
  text: `INSERT INTO notifications (user_id, type, message, from_user_id, post_id, dedupe_key, created_at)
         SELECT n.user_id, n.type, n.message, n.from_user_id, n.post_id, n.dedupe_key, least(n.created_at, now())
         FROM unnest($1::uuid[], $2::text[], $3::text[], $4::uuid[], $5::uuid[], $6::text[], $7::timestamptz[])
              AS n (user_id, type, message, from_user_id, post_id, dedupe_key, created_at)
         WHERE NOT EXISTS (SELECT 1 FROM posts WHERE posts.post_id = n.post_id AND deleted)
         ON CONFLICT (user_id, dedupe_key) DO NOTHING
         RETURNING id, user_id AS "userId", dedupe_key AS "dedupeKey"`,
};

interface NewNotification {
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
interface CreatedRow {
  id: string;
  userId: string;
}

/** A notification a member caused, waiting for its transaction's others to be named and written with it. */
interface FromMember extends Omit<NewNotification, 'message'> {
  fromUserId: string;
  /** Who and what caused it, for its `notification.created`. */
  origin: EventOrigin;
}

/** A transaction's notifications from members, written together before it commits. */
const FROM_MEMBERS = Symbol('notifications from members');
/** A transaction's pushes, handed to the dispatcher at once after it commits. */
const PUSHES = Symbol('pushes');

/** One notification per recipient and cause. */
const causeKey = (recipientId: string, dedupeKey: string) => `${recipientId.toLowerCase()}:${dedupeKey}`;

interface NotificationRow {
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
}

/**
 * Notifications: written from events by the worker (inside the event's transaction), then counted in
 * Redis and pushed once committed; listed and marked read through the API.
 */
@Injectable()
export class NotificationsService {
  private readonly logger = new Logger(NotificationsService.name);

  constructor(
    private readonly readModels: ReadModelsService,
    private readonly unread: UnreadCounter,
    private readonly unitOfWork: UnitOfWork,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Optional() @Inject(PUSH_DISPATCHER) private readonly push?: PushDispatcher,
  ) {}

  /** The following three are written when `tx` commits, with its transaction's others (see fromMember). */
  liked(
    tx: Transaction,
    { postId, postAuthorId, likerId }: EventPayload<'post.liked'>,
    occurredAt: string,
  ): void {
    if (likerId === postAuthorId) return;
    this.fromMember(tx, {
      recipientId: postAuthorId,
      type: 'like',
      fromUserId: likerId,
      postId,
      dedupeKey: `like:${likerId}:${postId}`,
      createdAt: occurredAt,
    });
  }

  commented(tx: Transaction, comment: EventPayload<'comment.created'>, occurredAt: string): void {
    if (comment.authorId === comment.postAuthorId) return;
    const { postAuthorId, authorId, postId, commentId } = comment;
    this.fromMember(tx, {
      recipientId: postAuthorId,
      type: 'comment',
      fromUserId: authorId,
      postId,
      dedupeKey: `comment:${commentId}`,
      createdAt: occurredAt,
    });
  }

  followed(
    tx: Transaction,
    { followerId, followeeId }: EventPayload<'user.followed'>,
    occurredAt: string,
  ): void {
    if (followerId === followeeId) return;
    this.fromMember(tx, {
      recipientId: followeeId,
      type: 'follow',
      fromUserId: followerId,
      postId: null,
      dedupeKey: `follow:${followerId}`,
      createdAt: occurredAt,
    });
  }

  async badgeEarned(tx: Transaction, badge: EventPayload<'badge.earned'>, occurredAt: string): Promise<void> {
    await this.create(tx, [
      {
        recipientId: badge.userId,
        type: 'other',
        message: badgeMessage(badge.badgeName ?? badge.badgeId),
        fromUserId: null,
        postId: badge.postId,
        dedupeKey: `badge:${badge.badgeId}`,
        createdAt: occurredAt,
      },
    ]);
  }

  /**
   * Every follower of the author gets `post`: one INSERT … SELECT per batch of followers, walking the
   * follows in id order, all in the event's transaction (so a redelivery or a crash adds nothing twice).
   */
  async postCreated(
    tx: Transaction,
    { postId, authorId }: EventPayload<'post.created'>,
    occurredAt: string,
  ): Promise<void> {
    if (await this.readModels.isDeleted(tx.manager, postId)) return;
    const message = memberMessage('post', await this.readModels.namesOf(tx.manager, authorId));
    const recipients: string[] = [];
    for (let after = NO_UUID; ;) {
      const [batch] = await tx.manager.query<{ last: string | null; inserted: CreatedRow[] }[]>(
        `WITH batch AS (
           SELECT follower_id FROM follows WHERE followee_id = $1 AND follower_id > $2
           ORDER BY follower_id LIMIT $3
         ), inserted AS (
           INSERT INTO notifications (user_id, type, message, from_user_id, post_id, dedupe_key, created_at)
           SELECT follower_id, 'post', $4, $1, $5, $6, least($7::timestamptz, now()) FROM batch
           ON CONFLICT (user_id, dedupe_key) DO NOTHING
           RETURNING id, user_id
         )
         SELECT (SELECT follower_id FROM batch ORDER BY follower_id DESC LIMIT 1) AS last,
                (SELECT coalesce(json_agg(json_build_object('id', id, 'userId', user_id)), '[]') FROM inserted)
                  AS inserted`,
        [authorId, after, FAN_OUT_BATCH, message, postId, `post:${postId}`, occurredAt],
      );
      if (!batch?.last) break;
      await this.created(
        tx,
        batch.inserted.map((row) => ({ ...row, type: 'post' as const })),
      );
      recipients.push(...batch.inserted.map((row) => row.userId));
      after = batch.last;
    }
    this.pushAfterCommit(tx, recipients, { type: 'post', message, fromUserId: authorId, postId });
  }

  /**
   * A deleted post takes its notifications with it (likes, comments, the followers' `post`), and
   * is remembered, so a like of it that arrives late notifies nobody.
   */
  async postDeleted(tx: Transaction, { postId }: EventPayload<'post.deleted'>): Promise<void> {
    await this.readModels.markPostDeleted(tx.manager, postId);
    const recipients = await tx.manager.query<{ userId: string }[]>(
      `SELECT DISTINCT user_id AS "userId" FROM notifications WHERE post_id = $1`,
      [postId],
    );
    await this.unread.lock(
      tx.manager,
      recipients.map((row) => row.userId),
    );
    const unreadGone = await tx.manager.query<{ userId: string; unread: number }[]>(
      `WITH gone AS (DELETE FROM notifications WHERE post_id = $1 RETURNING user_id, is_read)
       SELECT user_id AS "userId", count(*)::int AS unread FROM gone WHERE NOT is_read GROUP BY user_id`,
      [postId],
    );
    await this.unread.removed(tx, new Map(unreadGone.map((row) => [row.userId, row.unread])));
  }

  /** The member's newest notifications, with who caused each and its post. */
  async list(userId: string): Promise<AppNotification[]> {
    const rows = await this.dataSource.query<NotificationRow[]>(
      `SELECT n.id, n.type, n.message, n.is_read AS "isRead", n.created_at AS "createdAt",
              n.from_user_id AS "fromUserId", n.post_id AS "postId",
              m.first_name AS "firstName", m.last_name AS "lastName", m.profile_name AS "profileName",
              m.profile_image_url AS "profileImageUrl", p.image_url AS "imageUrl",
              m.user_id IS NOT NULL AS "fromKnown"
       FROM notifications n
       LEFT JOIN members m ON m.user_id = n.from_user_id
       LEFT JOIN posts p ON p.post_id = n.post_id
       WHERE n.user_id = $1
       ORDER BY n.created_at DESC, n.id DESC
       LIMIT $2`,
      [userId, LIST_LIMIT],
    );
    return rows.map(toAppNotification);
  }

  unreadCount(userId: string): Promise<UnreadCount> {
    return this.unread.count(userId).then((count) => ({ count }));
  }

  /** Marks one of the member's notifications read; someone else's id is not found, and nothing changes. */
  async markRead(userId: string, id: string): Promise<void> {
    await this.unitOfWork.run(async (tx) => {
      await this.unread.lock(tx.manager, [userId]);
      // Wrapped in a SELECT: TypeORM returns [rows, count] for a bare UPDATE … RETURNING.
      const flipped = await tx.manager.query<unknown[]>(
        `WITH flipped AS (
           UPDATE notifications SET is_read = true WHERE id = $1 AND user_id = $2 AND NOT is_read RETURNING id
         )
         SELECT id FROM flipped`,
        [id, userId],
      );
      if (flipped.length > 0) {
        await this.unread.removed(tx, new Map([[userId, 1]]));
        return;
      }
      const owned = await tx.manager.query<unknown[]>(
        `SELECT 1 FROM notifications WHERE id = $1 AND user_id = $2`,
        [id, userId],
      );
      if (owned.length === 0) throw new NotificationNotFoundError();
    });
  }

  async markAllRead(userId: string): Promise<void> {
    await this.unitOfWork.run(async (tx) => {
      await this.unread.lock(tx.manager, [userId]);
      await tx.manager.query(`UPDATE notifications SET is_read = true WHERE user_id = $1 AND NOT is_read`, [
        userId,
      ]);
      await this.unread.readAll(tx, userId);
    });
  }

  /**
   * Queues a notification a member caused. A transaction's are written together once its handlers
   * are done (a consumer applies a fetched batch of events in one): one statement names every member
   * who caused one, and one writes them all.
   */
  private fromMember(tx: Transaction, notification: Omit<FromMember, 'origin'>): void {
    tx.gather(FROM_MEMBERS, (queued: FromMember[]) => this.createFromMembers(tx, queued)).push({
      ...notification,
      origin: currentEventOrigin(),
    });
  }

  /** Names each member in the notifications they caused, as the read model knows them now. */
  private async createFromMembers(tx: Transaction, queued: FromMember[]): Promise<void> {
    const names = await this.readModels.namesOfAll(tx.manager, [
      ...new Set(queued.map(({ fromUserId }) => fromUserId.toLowerCase())),
    ]);
    await this.create(
      tx,
      queued.map((notification) => ({
        ...notification,
        message: memberMessage(
          notification.type as Exclude<NotificationType, 'other'>,
          names.get(notification.fromUserId.toLowerCase()) ?? null,
        ),
      })),
    );
  }

  /**
   * Inserts each notification unless its recipient already has one for its cause (the first of a
   * cause counts), or its post was deleted; counts them, publishes `notification.created` for each,
   * and pushes them once committed.
   */
  private async create(
    tx: Transaction,
    notifications: (NewNotification & { origin?: EventOrigin })[],
  ): Promise<void> {
    const byCause = new Map<string, NewNotification & { origin?: EventOrigin }>();
    for (const notification of notifications) {
      const key = causeKey(notification.recipientId, notification.dedupeKey);
      if (!byCause.has(key)) byCause.set(key, notification);
    }
    const unique = [...byCause.values()];
    const inserted = await queryNamed<CreatedRow & { dedupeKey: string }>(tx.manager, INSERT_NOTIFICATIONS, [
      unique.map(({ recipientId }) => recipientId),
      unique.map(({ type }) => type),
      unique.map(({ message }) => message),
      unique.map(({ fromUserId }) => fromUserId),
      unique.map(({ postId }) => postId),
      unique.map(({ dedupeKey }) => dedupeKey),
      unique.map(({ createdAt }) => createdAt),
    ]);
    const created = inserted.map(({ id, userId, dedupeKey }) => ({
      id,
      userId,
      ...byCause.get(causeKey(userId, dedupeKey))!,
    }));
    await this.created(tx, created);
    for (const notification of created) this.pushAfterCommit(tx, [notification.userId], notification);
  }

  /**
   * Counts new notifications as unread and announces each on the bus (with the origin of what caused
   * it, when given), in their transaction.
   */
  private async created(
    tx: Transaction,
    rows: readonly (CreatedRow & { type: NotificationType; origin?: EventOrigin })[],
  ): Promise<void> {
    await this.unread.added(
      tx,
      rows.map((row) => row.userId),
    );
    for (const { id, userId, type, origin } of rows)
      tx.publish('notification.created', { notificationId: id, userId, type }, { origin });
  }

  /** Queues a push of the notification, sent with the transaction's others once it commits. */
  private pushAfterCommit(
    tx: Transaction,
    recipientIds: string[],
    notification: Omit<NewNotification, 'dedupeKey' | 'recipientId' | 'createdAt'>,
  ): void {
    if (!this.push || recipientIds.length === 0) return;
    tx.gather(PUSHES, (pushes: Push[]) => this.sendPushes(pushes), 'afterCommit').push({
      recipientIds,
      message: pushMessage(notification),
    });
  }

  /** Best effort: a failed push is logged (the dispatcher retries what is worth retrying). */
  private async sendPushes(pushes: Push[]): Promise<void> {
    try {
      await this.push?.notify(pushes);
    } catch (error) {
      this.logger.warn(`Pushing ${pushes.length} notifications failed: ${(error as Error).message}`);
    }
  }
}

function toAppNotification(row: NotificationRow): AppNotification {
  return {
    id: row.id,
    type: row.type,
    message: currentMessage(row),
    isRead: row.isRead,
    createdAt: row.createdAt.toISOString(),
    fromUserId: row.fromUserId,
    postId: row.postId,
    fromUser: row.fromUserId
      ? {
          firstName: row.firstName,
          lastName: row.lastName,
          profileName: row.profileName,
          profileImageUrl: row.profileImageUrl,
        }
      : null,
    post: row.postId ? { imageUrl: row.imageUrl } : null,
  };
}

/**
 * The text as of now: a member's notification names them as they are called today (and names them
 * at all when their profile arrived after the notification); others keep the text they were made with.
 */
function currentMessage(row: NotificationRow): string {
  if (!row.fromKnown || !isFromMember(row.type)) return row.message;
  return memberMessage(row.type, row);
}
