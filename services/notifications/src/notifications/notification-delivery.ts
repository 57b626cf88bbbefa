import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import type { EventOrigin, Transaction } from '@daybreak/messaging';
import { PUSH_DISPATCHER, Push, PushDispatcher } from '../push/push-dispatcher';
import { NotificationType, pushMessage } from './notification-text';
import type { CreatedRow } from './notifications.queries';
import { UnreadCounter } from './unread-counter';

/** A transaction's pushes, handed to the dispatcher at once after it commits. */
const PUSHES = Symbol('pushes');

/** What a push says and where it leads. */
export interface PushedNotification {
  type: NotificationType;
  message: string;
  fromUserId: string | null;
  postId: string | null;
}

/**
 * What follows the insert of notifications, whoever wrote them (the writer, a post's fan-out):
 * their recipients' unread counts and `notification.created` in the same transaction, and their
 * push once it commits.
 */
@Injectable()
export class NotificationDelivery {
  private readonly logger = new Logger(NotificationDelivery.name);

  constructor(
    private readonly unread: UnreadCounter,
    @Optional() @Inject(PUSH_DISPATCHER) private readonly push?: PushDispatcher,
  ) {}

  /**
   * Counts new notifications as unread and announces each on the bus (with the origin of what caused
   * it, when given), in their transaction.
   */
  async created(
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
  pushAfterCommit(tx: Transaction, recipientIds: string[], notification: PushedNotification): void {
    if (!this.push || recipientIds.length === 0) return;
    tx.gather(PUSHES, (pushes: Push[]) => this.sendPushes(pushes), 'afterCommit').push({
      recipientIds,
      message: pushMessage(notification),
    });
  }

  /**
   * Best effort: a failed push is logged (the dispatcher retries what is worth retrying). Resolves
   * once the pushes are handed to the push services, not answered: the consumer's next transaction
   * overlaps their round trips, as far as the dispatcher's window allows.
   */
  private async sendPushes(pushes: Push[]): Promise<void> {
    try {
      await this.push?.handOver(pushes);
    } catch (error) {
      this.logger.warn(`Pushing ${pushes.length} notifications failed: ${(error as Error).message}`);
    }
  }
}
