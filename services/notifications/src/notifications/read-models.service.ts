import { Injectable } from '@nestjs/common';
import type { EventPayload } from '@daybreak/contracts';
import { NamedStatement, queryNamed } from '@daybreak/database';
import { type Transaction, applyUserSnapshot } from '@daybreak/messaging';
import type { EntityManager } from 'typeorm';
import type { MemberNames } from './notification-text';

const MEMBERS_NAMES: NamedStatement = {
  name: 'members_names',
  text: `SELECT user_id AS "userId", first_name AS "firstName", last_name AS "lastName",
                profile_name AS "profileName"
         FROM members WHERE user_id = ANY($1::uuid[])`,
};

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
    return applyUserSnapshot(tx, 'members', user, occurredAt);
  }

  async follow(tx: Transaction, { followerId, followeeId }: EventPayload<'user.followed'>): Promise<void> {
    await tx.manager.query(
      `INSERT INTO follows (followee_id, follower_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
      [followeeId, followerId],
    );
  }

  async unfollow(
    tx: Transaction,
    { followerId, followeeId }: EventPayload<'user.unfollowed'>,
  ): Promise<void> {
    await tx.manager.query(`DELETE FROM follows WHERE followee_id = $1 AND follower_id = $2`, [
      followeeId,
      followerId,
    ]);
  }

  /** A post's image, shown on its notifications. */
  async recordPost(tx: Transaction, { postId, imageUrl }: EventPayload<'post.created'>): Promise<void> {
    await tx.manager.query(
      `INSERT INTO posts (post_id, image_url) VALUES ($1, $2) ON CONFLICT (post_id) DO NOTHING`,
      [postId, imageUrl ?? null],
    );
  }

  /** Remembers that the post is gone, whether or not its creation was seen. */
  async markPostDeleted(manager: EntityManager, postId: string): Promise<void> {
    await manager.query(
      `INSERT INTO posts (post_id, image_url, deleted) VALUES ($1, NULL, true)
       ON CONFLICT (post_id) DO UPDATE SET deleted = true`,
      [postId],
    );
  }

  async isDeleted(manager: EntityManager, postId: string): Promise<boolean> {
    const rows = await manager.query<unknown[]>(`SELECT 1 FROM posts WHERE post_id = $1 AND deleted`, [
      postId,
    ]);
    return rows.length > 0;
  }

  /** The member's names, or null when no user event about them has arrived yet. */
  async namesOf(manager: EntityManager, userId: string): Promise<MemberNames | null> {
    return (await this.namesOfAll(manager, [userId])).get(userId.toLowerCase()) ?? null;
  }

  /** The names of those of the members the service has heard of, by id (lower case, as Postgres answers). */
  async namesOfAll(manager: EntityManager, userIds: readonly string[]): Promise<Map<string, MemberNames>> {
    const rows = await queryNamed<MemberNames & { userId: string }>(manager, MEMBERS_NAMES, [userIds]);
    return new Map(rows.map(({ userId, ...names }) => [userId, names]));
  }
}
