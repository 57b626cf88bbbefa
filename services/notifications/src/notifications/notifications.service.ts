import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AppNotification, EventPayload, UnreadCount } from '@daybreak/contracts';
import { Transaction, UnitOfWork } from '@daybreak/messaging';
import type { DataSource } from 'typeorm';
import { PUSH_DISPATCHER, PushDispatcher } from '../push/push-dispatcher';
import { NotificationType, badgeMessage, memberMessage, pushMessage } from './notification-text';
import { NotificationNotFoundError } from './notifications.errors';
import { ReadModelsService } from './read-models.service';
import { UnreadCounter } from './unread-counter';

/** Followers notified per INSERT … SELECT of a post's fan-out. */
export const FAN_OUT_BATCH = 1000;
/** The list shows the newest ones only. */
const LIST_LIMIT = 50;
/** Push sends in flight at once for one event (a fan-out may reach thousands of members). */
const PUSH_CONCURRENCY = 20;
const NO_UUID = '00000000-0000-0000-0000-000000000000';

interface NewNotification {
  type: NotificationType;
  message: string;
  fromUserId: string | null;
  postId: string | null;
  /**
   * One notification per recipient and key: a like's key is its liker and post, so like, unlike and
   * like again notify once.
   */
  dedupeKey: string;
}

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

  async liked(tx: Transaction, { postId, postAuthorId, likerId }: EventPayload<'post.liked'>): Promise<void> {
    if (likerId === postAuthorId) return;
    await this.fromMember(tx, postAuthorId, 'like', likerId, postId, `like:${likerId}:${postId}`);
  }

  async commented(tx: Transaction, comment: EventPayload<'comment.created'>): Promise<void> {
    if (comment.authorId === comment.postAuthorId) return;
    const { postAuthorId, authorId, postId, commentId } = comment;
    await this.fromMember(tx, postAuthorId, 'comment', authorId, postId, `comment:${commentId}`);
  }

  async followed(tx: Transaction, { followerId, followeeId }: EventPayload<'user.followed'>): Promise<void> {
    if (followerId === followeeId) return;
    await this.fromMember(tx, followeeId, 'follow', followerId, null, `follow:${followerId}`);
  }

  async badgeEarned(tx: Transaction, badge: EventPayload<'badge.earned'>): Promise<void> {
    await this.create(tx, badge.userId, {
      type: 'other',
      message: badgeMessage(badge.badgeName ?? badge.badgeId),
      fromUserId: null,
      postId: badge.postId,
      dedupeKey: `badge:${badge.badgeId}`,
    });
  }

  /**
   * Every follower of the author gets `post`: one INSERT … SELECT per batch of followers, walking the
   * follows in id order, all in the event's transaction (so a redelivery or a crash adds nothing twice).
   */
  async postCreated(tx: Transaction, { postId, authorId }: EventPayload<'post.created'>): Promise<void> {
    const message = memberMessage('post', await this.readModels.namesOf(tx.manager, authorId));
    const recipients: string[] = [];
    for (let after = NO_UUID; ;) {
      const [batch] = await tx.manager.query<{ last: string | null; inserted: string[] }[]>(
        `WITH batch AS (
           SELECT follower_id FROM follows WHERE followee_id = $1 AND follower_id > $2
           ORDER BY follower_id LIMIT $3
         ), inserted AS (
           INSERT INTO notifications (user_id, type, message, from_user_id, post_id, dedupe_key)
           SELECT follower_id, 'post', $4, $1, $5, $6 FROM batch
           ON CONFLICT (user_id, dedupe_key) DO NOTHING
           RETURNING user_id
         )
         SELECT (SELECT follower_id FROM batch ORDER BY follower_id DESC LIMIT 1) AS last,
                ARRAY(SELECT user_id::text FROM inserted) AS inserted`,
        [authorId, after, FAN_OUT_BATCH, message, postId, `post:${postId}`],
      );
      if (!batch?.last) break;
      recipients.push(...batch.inserted);
      after = batch.last;
    }
    this.announceAfterCommit(tx, recipients, { type: 'post', message, fromUserId: authorId, postId });
  }

  /** The member's newest notifications, with who caused each and its post. */
  async list(userId: string): Promise<AppNotification[]> {
    const rows = await this.dataSource.query<NotificationRow[]>(
      `SELECT n.id, n.type, n.message, n.is_read AS "isRead", n.created_at AS "createdAt",
              n.from_user_id AS "fromUserId", n.post_id AS "postId",
              m.first_name AS "firstName", m.last_name AS "lastName", m.profile_name AS "profileName",
              m.profile_image_url AS "profileImageUrl", p.image_url AS "imageUrl"
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
      // Wrapped in a SELECT: TypeORM returns [rows, count] for a bare UPDATE … RETURNING.
      const flipped = await tx.manager.query<unknown[]>(
        `WITH flipped AS (
           UPDATE notifications SET is_read = true WHERE id = $1 AND user_id = $2 AND NOT is_read RETURNING id
         )
         SELECT id FROM flipped`,
        [id, userId],
      );
      if (flipped.length > 0) {
        tx.afterCommit(() => this.unread.readOne(userId));
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
      await tx.manager.query(`UPDATE notifications SET is_read = true WHERE user_id = $1 AND NOT is_read`, [
        userId,
      ]);
      tx.afterCommit(() => this.unread.readAll(userId));
    });
  }

  private async fromMember(
    tx: Transaction,
    recipientId: string,
    type: Exclude<NotificationType, 'other'>,
    fromUserId: string,
    postId: string | null,
    dedupeKey: string,
  ): Promise<void> {
    const message = memberMessage(type, await this.readModels.namesOf(tx.manager, fromUserId));
    await this.create(tx, recipientId, { type, message, fromUserId, postId, dedupeKey });
  }

  /** Inserts unless the recipient already has one for this cause; counts and pushes it once committed. */
  private async create(tx: Transaction, recipientId: string, notification: NewNotification): Promise<void> {
    const { type, message, fromUserId, postId, dedupeKey } = notification;
    const inserted = await tx.manager.query<unknown[]>(
      `INSERT INTO notifications (user_id, type, message, from_user_id, post_id, dedupe_key)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (user_id, dedupe_key) DO NOTHING
       RETURNING id`,
      [recipientId, type, message, fromUserId, postId, dedupeKey],
    );
    if (inserted.length > 0) this.announceAfterCommit(tx, [recipientId], notification);
  }

  private announceAfterCommit(
    tx: Transaction,
    recipientIds: string[],
    notification: Omit<NewNotification, 'dedupeKey'>,
  ): void {
    if (recipientIds.length === 0) return;
    tx.afterCommit(async () => {
      await this.unread.added(recipientIds);
      await this.sendPush(recipientIds, notification);
    });
  }

  /** Best effort: a failed push is logged (the dispatcher retries what is worth retrying). */
  private async sendPush(
    recipientIds: string[],
    notification: Omit<NewNotification, 'dedupeKey'>,
  ): Promise<void> {
    const push = this.push;
    if (!push) return;
    const message = pushMessage(notification);
    for (let i = 0; i < recipientIds.length; i += PUSH_CONCURRENCY) {
      await Promise.all(
        recipientIds.slice(i, i + PUSH_CONCURRENCY).map((userId) =>
          push.notify(userId, message).catch((error: unknown) => {
            this.logger.warn(`Push to ${userId} failed: ${(error as Error).message}`);
          }),
        ),
      );
    }
  }
}

function toAppNotification(row: NotificationRow): AppNotification {
  return {
    id: row.id,
    type: row.type,
    message: row.message,
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
