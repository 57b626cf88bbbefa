import { Injectable } from '@nestjs/common';
import type { EventPayload } from '@daybreak/contracts';
import type { Transaction } from '@daybreak/messaging';
import { NotificationDelivery } from './notification-delivery';
import { memberMessage } from './notification-text';
import { recipientsOfPost } from './notification-reads.queries';
import { deleteNotificationsOfPost, insertPostForFollowers } from './notifications.queries';
import { isPostDeleted, markPostDeleted } from './posts.queries';
import { ReadModelsService } from './read-models.service';
import { UnreadCounter } from './unread-counter';

/** Followers notified per INSERT … SELECT of a post's fan-out. */
export const FAN_OUT_BATCH = 1000;
const NO_UUID = '00000000-0000-0000-0000-000000000000';

/**
 * A post's notifications for everyone at once: every follower of its author gets it when it is
 * created, and everyone who has one of it loses it when it is deleted. Each runs in its event's own
 * transaction (`alone`), which holds the recipients' counters for itself.
 */
@Injectable()
export class PostFanOut {
  constructor(
    private readonly readModels: ReadModelsService,
    private readonly unread: UnreadCounter,
    private readonly delivery: NotificationDelivery,
  ) {}

  /**
   * Every follower of the author gets `post`: one INSERT … SELECT per batch of followers, walking the
   * follows in id order, all in the event's transaction (so a redelivery or a crash adds nothing twice).
   */
  async postCreated(
    tx: Transaction,
    { postId, authorId }: EventPayload<'post.created'>,
    occurredAt: string,
  ): Promise<void> {
    if (await isPostDeleted(tx.manager, postId)) return;
    const message = memberMessage('post', await this.readModels.namesOf(tx.manager, authorId));
    const post = { authorId, postId, message, dedupeKey: `post:${postId}`, createdAt: occurredAt };
    const recipients: string[] = [];
    for (let after = NO_UUID; ;) {
      const batch = await insertPostForFollowers(tx.manager, post, after, FAN_OUT_BATCH);
      if (!batch.last) break;
      await this.delivery.created(
        tx,
        batch.inserted.map((row) => ({ ...row, type: 'post' as const })),
      );
      recipients.push(...batch.inserted.map((row) => row.userId));
      after = batch.last;
    }
    this.delivery.pushAfterCommit(tx, recipients, { type: 'post', message, fromUserId: authorId, postId });
  }

  /**
   * A deleted post takes its notifications with it (likes, comments, the followers' `post`), and
   * is remembered, so a like of it that arrives late notifies nobody.
   */
  async postDeleted(tx: Transaction, { postId }: EventPayload<'post.deleted'>): Promise<void> {
    await markPostDeleted(tx.manager, postId);
    await this.unread.lock(tx.manager, await recipientsOfPost(tx.manager, postId));
    await this.unread.removed(tx, await deleteNotificationsOfPost(tx.manager, postId));
  }
}
