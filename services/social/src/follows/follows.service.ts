import { Injectable } from '@nestjs/common';
import type { FollowResult, UserListItem } from '@daybreak/contracts';
import { Transaction, UnitOfWork } from '@daybreak/messaging';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { type Page, followList } from '../users/user-list.queries';
import { UsersService } from '../users/users.service';
import { UserNotFoundError } from '../users/users.errors';
import { followRefusal, lockOrder } from './domain/follow-rules';
import { CannotFollowYourselfError } from './follows.errors';
import { BlockedFollowError } from '../safety/safety.errors';
import { blockBetween } from '../safety/safety.queries';
import {
  adjustFollowCounts,
  deleteFollow,
  followersCount,
  insertFollow,
  lockMembers,
} from './follows.queries';

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
      if (await deleteFollow(tx.manager, followerId, followeeId)) {
        await adjustFollowCounts(tx.manager, followerId, followeeId, -1);
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
    if (!(await insertFollow(tx.manager, { followerId, followeeId, at: now }))) return false;
    await adjustFollowCounts(tx.manager, followerId, followeeId, 1);
    tx.publish('user.followed', { followerId, followeeId }, { actorId: followerId, occurredAt: now });
    return true;
  }

  async followers(userId: string, viewerId: string | null, page: Page): Promise<UserListItem[]> {
    await this.users.findVisibleUser(userId, viewerId);
    return followList(this.dataSource.manager, viewerId, { userId, side: 'followers' }, page);
  }

  async following(userId: string, viewerId: string | null, page: Page): Promise<UserListItem[]> {
    await this.users.findVisibleUser(userId, viewerId);
    return followList(this.dataSource.manager, viewerId, { userId, side: 'following' }, page);
  }

  /** Refuses a self-follow (400) and an unknown member (404), and locks both rows. */
  private async lockPair(tx: Transaction, followerId: string, followeeId: string): Promise<void> {
    if (followRefusal(followerId, followeeId) === 'self') throw new CannotFollowYourselfError();
    const locked = await lockMembers(tx.manager, lockOrder(followerId, followeeId));
    if (!locked.includes(followeeId)) throw new UserNotFoundError();
    // The follower is the signed-in member; gone only if their account was deleted mid-session.
    if (!locked.includes(followerId)) throw new UserNotFoundError();
  }

  private async result(tx: Transaction, followeeId: string, isFollowing: boolean): Promise<FollowResult> {
    return { isFollowing, followersCount: await followersCount(tx.manager, followeeId) };
  }
}
