import { Injectable } from '@nestjs/common';
import type { EventPayload } from '@daybreak/contracts';
import type { Transaction } from '@daybreak/messaging';
import { deleteSubscriptionsOf } from '../push/push-subscriptions.queries';
import { deleteZoneOf } from '../reminders/member-zones.queries';
import { deleteScheduleOf } from '../reminders/reminder-schedules.queries';
import { removeBlocksOf } from './blocks.queries';
import { removeFollowsOf } from './follows.queries';
import { deleteMember } from './members.queries';
import { removeMutesOf } from './mutes.queries';
import { recipientsOfNotificationsFrom } from './notification-reads.queries';
import { deleteNotificationsOfMember } from './notifications.queries';
import { UnreadCounter } from './unread-counter';

/**
 * user.deleted (issue 42): everything notifications holds of a member who left. The notifications
 * they caused go from the others' lists with those members' unread counts exact: every counter
 * involved is locked first, as a writer locks its recipients' before its insert (see SafetyService's
 * block), so a notification written at the same moment is either deleted here or waits. Their own
 * notifications, counter, push subscriptions, reminder schedule and copies in the read models go too. A replay finds
 * nothing left.
 */
@Injectable()
export class MemberErasure {
  constructor(private readonly unread: UnreadCounter) {}

  async erase(tx: Transaction, { userId }: EventPayload<'user.deleted'>): Promise<void> {
    const recipients = await recipientsOfNotificationsFrom(tx.manager, userId);
    await this.unread.lock(tx.manager, [userId, ...recipients]);
    await this.unread.removed(tx, await deleteNotificationsOfMember(tx.manager, userId));
    await this.unread.forget(tx, userId);
    await deleteSubscriptionsOf(tx.manager, userId);
    await removeFollowsOf(tx.manager, userId);
    await removeBlocksOf(tx.manager, userId);
    await removeMutesOf(tx.manager, userId);
    await deleteMember(tx.manager, userId);
    await deleteScheduleOf(tx.manager, userId);
    await deleteZoneOf(tx.manager, userId);
  }
}
