import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AppNotification, UnreadCount } from '@daybreak/contracts';
import { UnitOfWork } from '@daybreak/messaging';
import type { DataSource } from 'typeorm';
import { isFromMember, memberMessage } from './notification-text';
import { NotificationNotFoundError } from './notifications.errors';
import { NotificationListRow, isNotificationOf, newestNotifications } from './notification-reads.queries';
import { markAllNotificationsRead, markNotificationRead } from './notifications.queries';
import { UnreadCounter } from './unread-counter';

/** The list shows the newest ones only. */
const LIST_LIMIT = 50;
/** A member's export (issue 42) holds this many, newest first: years of mornings of a busy member. */
export const EXPORT_LIMIT = 10_000;

/**
 * A member's notifications through the API: listed, counted and marked read. (They are written from
 * events by NotificationWriter and PostFanOut.)
 */
@Injectable()
export class NotificationsService {
  constructor(
    private readonly unread: UnreadCounter,
    private readonly unitOfWork: UnitOfWork,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /** The member's newest notifications, with who caused each and its post. */
  async list(userId: string, limit = LIST_LIMIT): Promise<AppNotification[]> {
    const rows = await newestNotifications(this.dataSource.manager, userId, limit);
    return rows.map(toAppNotification);
  }

  unreadCount(userId: string): Promise<UnreadCount> {
    return this.unread.count(userId).then((count) => ({ count }));
  }

  /** Marks one of the member's notifications read; someone else's id is not found, and nothing changes. */
  async markRead(userId: string, id: string): Promise<void> {
    await this.unitOfWork.run(async (tx) => {
      await this.unread.lock(tx.manager, [userId]);
      if (await markNotificationRead(tx.manager, userId, id)) {
        await this.unread.removed(tx, new Map([[userId, 1]]));
        return;
      }
      if (!(await isNotificationOf(tx.manager, userId, id))) throw new NotificationNotFoundError();
    });
  }

  async markAllRead(userId: string): Promise<void> {
    await this.unitOfWork.run(async (tx) => {
      await this.unread.lock(tx.manager, [userId]);
      await markAllNotificationsRead(tx.manager, userId);
      await this.unread.readAll(tx, userId);
    });
  }
}

function toAppNotification(row: NotificationListRow): AppNotification {
  return {
    id: row.id,
    type: row.type,
    kind: row.kind,
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
function currentMessage(row: NotificationListRow): string {
  if (!row.fromKnown || !isFromMember(row.type)) return row.message;
  return memberMessage(row.type, row);
}
