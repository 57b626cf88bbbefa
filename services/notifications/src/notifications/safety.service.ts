import { Injectable } from '@nestjs/common';
import type { EventPayload } from '@daybreak/contracts';
import type { Transaction } from '@daybreak/messaging';
import { addBlock, removeBlock } from './blocks.queries';
import { addMute, removeMute } from './mutes.queries';
import { deleteNotificationsBetween } from './notifications.queries';
import { UnreadCounter } from './unread-counter';

/**
 * Blocks and mutes, as social publishes them (ADR 0023). The writer's statements read them, so a
 * recipient who blocked, was blocked by, or muted a member gets nothing new from them. A block also
 * takes away what the two caused each other; a mute leaves the past as it is (the issue asks only
 * that nothing new notifies, and the muted member is not to be told).
 */
@Injectable()
export class SafetyService {
  constructor(private readonly unread: UnreadCounter) {}

  /**
   * Records the block and deletes the notifications between the two, both ways, with their unread
   * counts. The counters are locked before the block is recorded: a writer locks its recipients'
   * counters before its insert (NotificationWriter), so a like written at the same moment either
   * commits first and is deleted here, or waits and then sees the block.
   */
  async blocked(tx: Transaction, { blockerId, blockedId }: EventPayload<'user.blocked'>): Promise<void> {
    await this.unread.lock(tx.manager, [blockerId, blockedId]);
    await addBlock(tx.manager, blockerId, blockedId);
    await this.unread.removed(tx, await deleteNotificationsBetween(tx.manager, blockerId, blockedId));
  }

  /** New notifications flow again; the deleted ones stay deleted. */
  unblocked(tx: Transaction, { blockerId, blockedId }: EventPayload<'user.unblocked'>): Promise<void> {
    return removeBlock(tx.manager, blockerId, blockedId);
  }

  muted(tx: Transaction, { muterId, mutedId }: EventPayload<'user.muted'>): Promise<void> {
    return addMute(tx.manager, muterId, mutedId);
  }

  unmuted(tx: Transaction, { muterId, mutedId }: EventPayload<'user.unmuted'>): Promise<void> {
    return removeMute(tx.manager, muterId, mutedId);
  }
}
