import { Injectable } from '@nestjs/common';
import type { EventPayload } from '@daybreak/contracts';
import { EventOrigin, Transaction, currentEventOrigin } from '@daybreak/messaging';
import { NotificationDelivery } from './notification-delivery';
import { NotificationType, badgeMessage, memberMessage, reportResolvedMessage } from './notification-text';
import { NotificationInsert, insertNotifications } from './notifications.queries';
import { ReadModelsService } from './read-models.service';
import { UnreadCounter } from './unread-counter';

/** A notification a member caused, waiting for its transaction's others to be named and written with it. */
interface FromMember extends Omit<NotificationInsert, 'message'> {
  fromUserId: string;
  /** Who and what caused it, for its `notification.created`. */
  origin: EventOrigin;
}

/** A transaction's notifications from members, written together before it commits. */
const FROM_MEMBERS = Symbol('notifications from members');

/** One notification per recipient and cause. */
const causeKey = (recipientId: string, dedupeKey: string) => `${recipientId.toLowerCase()}:${dedupeKey}`;

/**
 * The rules from a cause to its notification (who gets one, for what, keyed how), for one recipient
 * each: likes, comments, follows and badges. None from a member the recipient blocked, was blocked
 * by, or muted (the insert's statement checks, notifications.queries.ts). Written by the worker
 * inside the event's transaction; a post's fan-out to every follower is PostFanOut's.
 */
@Injectable()
export class NotificationWriter {
  constructor(
    private readonly readModels: ReadModelsService,
    private readonly delivery: NotificationDelivery,
    private readonly unread: UnreadCounter,
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

  /** The reporter learns their report was resolved (issue 42); no member is named. */
  async reportResolved(
    tx: Transaction,
    { reportId, reporterId, action }: EventPayload<'report.resolved'>,
    occurredAt: string,
  ): Promise<void> {
    await this.create(tx, [
      {
        recipientId: reporterId,
        type: 'report',
        message: reportResolvedMessage(action),
        fromUserId: null,
        postId: null,
        dedupeKey: `report:${reportId}`,
        createdAt: occurredAt,
      },
    ]);
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

  /**
   * Names each member in the notifications they caused, as the read model knows them now. Their
   * recipients' counters are locked first, as a block does before it deletes (SafetyService): the
   * insert then sees any block that committed meanwhile.
   */
  private async createFromMembers(tx: Transaction, queued: FromMember[]): Promise<void> {
    await this.unread.lock(tx.manager, [...new Set(queued.map(({ recipientId }) => recipientId))]);
    const names = await this.readModels.namesOfAll(tx.manager, [
      ...new Set(queued.map(({ fromUserId }) => fromUserId.toLowerCase())),
    ]);
    await this.create(
      tx,
      queued.map((notification) => ({
        ...notification,
        message: memberMessage(
          notification.type as Exclude<NotificationType, 'other' | 'report'>,
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
    notifications: (NotificationInsert & { origin?: EventOrigin })[],
  ): Promise<void> {
    const byCause = new Map<string, NotificationInsert & { origin?: EventOrigin }>();
    for (const notification of notifications) {
      const key = causeKey(notification.recipientId, notification.dedupeKey);
      if (!byCause.has(key)) byCause.set(key, notification);
    }
    const inserted = await insertNotifications(tx.manager, [...byCause.values()]);
    const created = inserted.map(({ id, userId, dedupeKey }) => ({
      id,
      userId,
      ...byCause.get(causeKey(userId, dedupeKey))!,
    }));
    await this.delivery.created(tx, created);
    for (const notification of created)
      this.delivery.pushAfterCommit(tx, [notification.userId], notification);
  }
}
