import { isSuspended } from '../moderation/reports.queries';
import { Injectable } from '@nestjs/common';
import type { CurrentUser, SignedInMember, UserListItem } from '@daybreak/contracts';
import { Transaction, UnitOfWork } from '@daybreak/messaging';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { SEARCH_RESULTS_LIMIT, containsPattern } from './domain/search-query';
import { ProfileUpdateInput } from './dto/profile.dto';
import { SignInInput } from './dto/sign-in.dto';
import { User } from './user.entity';
import { membersMatching, newestMembers } from './user-list.queries';
import { isFollowing } from '../follows/follows.queries';
import { blockBetween } from '../safety/safety.queries';
import { NotYourAccountError, UserNotFoundError } from './users.errors';
import { SocialProfile, toCurrentUser, toProfile, toSnapshot } from './user-views';

type ProfileChange = Partial<Pick<User, 'profileName' | 'bio' | 'profileImageUrl' | 'timezone'>>;

@Injectable()
export class UsersService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /**
   * Finds the member behind a provider identity, creating them on first sign-in. The provider's
   * e-mail and the browser's zone are kept current; names are only taken at registration, since
   * members edit them here.
   */
  async signIn(input: SignInInput): Promise<SignedInMember> {
    return this.unitOfWork.run(async (tx) => {
      const inserted: { id: string }[] = await tx.manager
        .createQueryBuilder()
        .insert()
        .into(User)
        .values({
          identityIssuer: input.issuer,
          identitySubject: input.subject,
          email: input.email,
          firstName: input.firstName,
          lastName: input.lastName,
          timezone: input.timezone ?? null,
        })
        .orIgnore()
        .returning(['id'])
        .execute()
        .then((result) => result.raw as { id: string }[]);
      if (inserted.length === 1) {
        const user = await tx.manager.findOneByOrFail(User, { id: inserted[0].id });
        tx.publish('user.registered', toSnapshot(user), { actorId: user.id });
        return { ...toCurrentUser(user), isNewMember: true };
      }
      const user = await tx.manager.findOneOrFail(User, {
        where: { identityIssuer: input.issuer, identitySubject: input.subject },
        lock: { mode: 'pessimistic_write' },
      });
      const change: ProfileChange & Pick<Partial<User>, 'email'> = {};
      if (input.email && input.email !== user.email) change.email = input.email;
      if (input.timezone && input.timezone !== user.timezone) change.timezone = input.timezone;
      const updated = await this.applyChange(tx, user, change);
      // A suspended member may sign in, to read (ADR 0025): the gateway's session refuses their writes.
      const suspended = await isSuspended(tx.manager, user.id);
      return { ...toCurrentUser(updated), isNewMember: false, ...(suspended ? { isSuspended: true } : {}) };
    });
  }

  /** A member's own account, with their e-mail: only that member may read it. */
  async getOwnAccount(userId: string, viewerId: string): Promise<CurrentUser> {
    if (viewerId !== userId) throw new NotYourAccountError();
    return toCurrentUser(await this.findUser(userId));
  }

  async profile(userId: string, viewerId: string | null): Promise<SocialProfile> {
    const other = viewerId && viewerId !== userId ? viewerId : null;
    const [user, followed] = await Promise.all([
      this.findVisibleUser(userId, viewerId),
      other ? isFollowing(this.dataSource.manager, other, userId) : Promise.resolve(false),
    ]);
    return toProfile(user, viewerId, followed);
  }

  /**
   * The member as `viewerId` may see them: for two members in a block (either way) the other is not
   * found, the state the SPA shows for unknown members (issue 42). Guests see everyone.
   */
  async findVisibleUser(userId: string, viewerId: string | null): Promise<User> {
    const [user, blocked] = await Promise.all([
      this.findUser(userId),
      viewerId && viewerId !== userId
        ? blockBetween(this.dataSource.manager, viewerId, userId)
        : Promise.resolve(false),
    ]);
    if (blocked) throw new UserNotFoundError();
    return user;
  }

  updateProfile(userId: string, update: ProfileUpdateInput): Promise<SocialProfile> {
    return this.change(userId, {
      ...(update.profileName !== undefined ? { profileName: update.profileName } : {}),
      ...(update.bio !== undefined ? { bio: update.bio } : {}),
    });
  }

  /** The path was checked by the gateway with the media service: this member uploaded it. */
  setPhoto(userId: string, profileImageUrl: string): Promise<SocialProfile> {
    return this.change(userId, { profileImageUrl });
  }

  setTimezone(userId: string, timezone: string): Promise<SocialProfile> {
    return this.change(userId, { timezone });
  }

  /** FIND PEOPLE: the newest members first, without the viewer. */
  list(viewerId: string, limit: number): Promise<UserListItem[]> {
    return newestMembers(this.dataSource.manager, viewerId, limit);
  }

  /** Case-insensitive match anywhere in the names (`NAME_SEARCH_TEXT` in user-list.queries.ts). */
  search(viewerId: string, query: string): Promise<UserListItem[]> {
    return membersMatching(this.dataSource.manager, viewerId, containsPattern(query), SEARCH_RESULTS_LIMIT);
  }

  async findUser(userId: string): Promise<User> {
    const user = await this.users.findOneBy({ id: userId });
    if (!user) throw new UserNotFoundError();
    return user;
  }

  /** Applies a member's own edit under a row lock; `user.updated` goes out only if something changed. */
  private async change(userId: string, change: ProfileChange): Promise<SocialProfile> {
    const user = await this.unitOfWork.run(async (tx) => {
      const locked = await tx.manager.findOne(User, {
        where: { id: userId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!locked) throw new UserNotFoundError();
      return this.applyChange(tx, locked, change);
    });
    return toProfile(user, userId, false);
  }

  private async applyChange(tx: Transaction, user: User, change: Partial<User>): Promise<User> {
    const changed = Object.entries(change).filter(([key, value]) => user[key as keyof User] !== value) as [
      keyof User,
      never,
    ][];
    if (changed.length === 0) return user;
    for (const [key, value] of changed) user[key] = value;
    const saved = await tx.manager.save(user);
    tx.publish('user.updated', toSnapshot(saved), { actorId: saved.id });
    return saved;
  }
}
