import { Injectable } from '@nestjs/common';
import type { FollowResult, UserListItem } from '@daybreak/contracts';
import { Transaction, UnitOfWork } from '@daybreak/messaging';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { listUsers } from '../users/user-list.query';
import { UsersService } from '../users/users.service';
import { UserNotFoundError } from '../users/users.errors';
import { followRefusal, lockOrder } from './domain/follow-rules';
import { CannotFollowYourselfError } from './follows.errors';
import { BlockedFollowError } from '../safety/safety.errors';
import { blockBetween } from '../safety/safety.queries';

export interface Page {
  limit: number;
  offset: number;
}

/**
 * Follows and their counters. A follow row and both members' counters change in one transaction
 * that first locks both members' rows (in id order, so opposite follows cannot deadlock): a
 * counter moves only when a row was really inserted or deleted, so counts equal the rows.
 */
@Injectable()
export class FollowsService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly users: UsersService,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /**
   * Idempotent: following twice leaves one follow (and one `user.followed`). `now`: when (the demo
   * seed's members followed each other before their first mornings).
   */
  follow(followerId: string, followeeId: string, now = new Date()): Promise<FollowResult> {
    return this.unitOfWork.run(async (tx) => {
      await this.followInTx(tx, followerId, followeeId, now);
      return this.result(tx, followeeId, true);
    });
  }

  /** Idempotent: unfollowing someone not followed changes nothing. */
  unfollow(followerId: string, followeeId: string): Promise<FollowResult> {
    return this.unitOfWork.run(async (tx) => {
      await this.lockPair(tx, followerId, followeeId);
      // TypeORM's postgres driver answers a DELETE with [rows, affected count].
      const [, deleted]: [unknown[], number] = await tx.manager.query(
        `DELETE FROM follows WHERE follower_id = $1 AND followee_id = $2`,
        [followerId, followeeId],
      );
      if (deleted === 1) {
        await this.adjustCounts(tx, followerId, followeeId, -1);
        tx.publish('user.unfollowed', { followerId, followeeId }, { actorId: followerId });
      }
      return this.result(tx, followeeId, false);
    });
  }

  /** Inside the caller's transaction (an invite's acceptance follows both ways). True if it was new. */
  async followInTx(
    tx: Transaction,
    followerId: string,
    followeeId: string,
    now = new Date(),
  ): Promise<boolean> {
    await this.lockPair(tx, followerId, followeeId);
    // Under the pair's locks, so a block committed first is seen (issue 42).
    if (await blockBetween(tx.manager, followerId, followeeId)) throw new BlockedFollowError();
    const inserted: unknown[] = await tx.manager.query(
      `INSERT INTO follows (follower_id, followee_id, created_at) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING RETURNING follower_id`,
      [followerId, followeeId, now],
    );
    if (inserted.length === 0) return false;
    await this.adjustCounts(tx, followerId, followeeId, 1);
    tx.publish('user.followed', { followerId, followeeId }, { actorId: followerId, occurredAt: now });
    return true;
  }

  async followers(userId: string, viewerId: string | null, page: Page): Promise<UserListItem[]> {
    await this.users.findUser(userId);
    return listUsers(
      this.dataSource.manager,
      viewerId,
      `FROM follows f JOIN users u ON u.id = f.follower_id
       WHERE f.followee_id = $2
       ORDER BY f.created_at DESC, f.follower_id DESC LIMIT $3 OFFSET $4`,
      [userId, page.limit, page.offset],
    );
  }

  async following(userId: string, viewerId: string | null, page: Page): Promise<UserListItem[]> {
    await this.users.findUser(userId);
    return listUsers(
      this.dataSource.manager,
      viewerId,
      `FROM follows f JOIN users u ON u.id = f.followee_id
       WHERE f.follower_id = $2
       ORDER BY f.created_at DESC, f.followee_id DESC LIMIT $3 OFFSET $4`,
      [userId, page.limit, page.offset],
    );
  }

  /** Refuses a self-follow (400) and an unknown member (404), and locks both rows. */
  private async lockPair(tx: Transaction, followerId: string, followeeId: string): Promise<void> {
    if (followRefusal(followerId, followeeId) === 'self') throw new CannotFollowYourselfError();
    const locked: { id: string }[] = await tx.manager.query(
      `SELECT id FROM users WHERE id = ANY($1::uuid[]) ORDER BY id FOR NO KEY UPDATE`,
      [lockOrder(followerId, followeeId)],
    );
    if (!locked.some((row) => row.id === followeeId)) throw new UserNotFoundError();
    // The follower is the signed-in member; gone only if their account was deleted mid-session.
    if (!locked.some((row) => row.id === followerId)) throw new UserNotFoundError();
  }

  private async adjustCounts(tx: Transaction, followerId: string, followeeId: string, delta: 1 | -1) {
    await tx.manager.query(
      `UPDATE users SET
         following_count = following_count + CASE WHEN id = $1 THEN $3::int ELSE 0 END,
         followers_count = followers_count + CASE WHEN id = $2 THEN $3::int ELSE 0 END
       WHERE id IN ($1, $2)`,
      [followerId, followeeId, delta],
    );
  }

  private async result(tx: Transaction, followeeId: string, isFollowing: boolean): Promise<FollowResult> {
    const [row]: { followers_count: number }[] = await tx.manager.query(
      `SELECT followers_count FROM users WHERE id = $1`,
      [followeeId],
    );
    return { isFollowing, followersCount: row.followers_count };
  }
}
