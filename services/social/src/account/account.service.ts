import { Injectable } from '@nestjs/common';
import type { SocialExport } from '@daybreak/contracts';
import { UnitOfWork } from '@daybreak/messaging';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { UsersService } from '../users/users.service';
import { UserNotFoundError } from '../users/users.errors';
import { toExportedProfile } from '../users/user-views';
import { deleteMember, endEveryFollowOf, exportedList, lockMemberAndFollows } from './account.queries';

/** A member's account as a whole: leaving, and taking their data along (issue 42). */
@Injectable()
export class AccountService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly users: UsersService,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /**
   * Erases the member: their follows end with the others' counters exact, their row goes with
   * everything that hangs on it, and `user.deleted` tells every other service to erase what it
   * holds of them (ARCHITECTURE §11). Their provider identity goes with the row, so signing in again
   * makes a new member. An unknown (or already deleted) member is a 404.
   */
  delete(userId: string): Promise<void> {
    return this.unitOfWork.run(async (tx) => {
      const locked = await lockMemberAndFollows(tx.manager, userId);
      if (!locked.includes(userId)) throw new UserNotFoundError();
      // Follows that began while the locks were taken are among the rows this deletes: a follow
      // locks the member first, so it committed before the lock above was granted. Each ended
      // follow gets its user.unfollowed, keyed like its user.followed: a read model of follows that
      // applies the follow late (another partition than user.deleted) still ends it.
      for (const follow of await endEveryFollowOf(tx.manager, userId))
        tx.publish('user.unfollowed', follow, { actorId: userId });
      if (!(await deleteMember(tx.manager, userId))) throw new UserNotFoundError();
      tx.publish('user.deleted', { userId }, { actorId: userId });
    });
  }

  /** The member's profile (e-mail included) and the people around them, for their export. */
  async export(userId: string): Promise<SocialExport> {
    const manager = this.dataSource.manager;
    const user = await this.users.findUser(userId);
    const [following, followers, blocked, muted] = await Promise.all([
      exportedList(manager, 'following', userId),
      exportedList(manager, 'followers', userId),
      exportedList(manager, 'blocked', userId),
      exportedList(manager, 'muted', userId),
    ]);
    return {
      profile: toExportedProfile(user),
      following,
      followers,
      blocked,
      muted,
    };
  }
}
