import { Injectable } from '@nestjs/common';
import type { EventPayload } from '@daybreak/contracts';
import type { Transaction } from '@daybreak/messaging';
import type { EntityManager } from 'typeorm';
import { addFollow, removeFollow } from './follows.queries';
import { applyMemberSnapshot, memberNames } from './members.queries';
import type { MemberNames } from './notification-text';
import { recordPost } from './posts.queries';

/**
 * The service's own copies of other services' data: members (names and photo for messages and
 * `fromUser`), follows (who gets a post's fan-out) and post images.
 */
@Injectable()
export class ReadModelsService {
  /**
   * Applies a user snapshot as of `occurredAt`; a replayed older snapshot never overwrites a newer one.
   */
  applyMember(tx: Transaction, user: EventPayload<'user.registered'>, occurredAt: string): Promise<void> {
    return applyMemberSnapshot(tx, user, occurredAt);
  }

  follow(tx: Transaction, { followerId, followeeId }: EventPayload<'user.followed'>): Promise<void> {
    return addFollow(tx.manager, followeeId, followerId);
  }

  unfollow(tx: Transaction, { followerId, followeeId }: EventPayload<'user.unfollowed'>): Promise<void> {
    return removeFollow(tx.manager, followeeId, followerId);
  }

  /** A post's image, shown on its notifications. */
  recordPost(tx: Transaction, { postId, imageUrl }: EventPayload<'post.created'>): Promise<void> {
    return recordPost(tx.manager, postId, imageUrl ?? null);
  }

  /** The member's names, or null when no user event about them has arrived yet. */
  async namesOf(manager: EntityManager, userId: string): Promise<MemberNames | null> {
    return (await this.namesOfAll(manager, [userId])).get(userId.toLowerCase()) ?? null;
  }

  /** The names of those of the members the service has heard of, by id (lower case, as Postgres answers). */
  namesOfAll(manager: EntityManager, userIds: readonly string[]): Promise<Map<string, MemberNames>> {
    return memberNames(manager, userIds);
  }
}
