import { Injectable } from '@nestjs/common';
import type { CurrentUser, EventPayload } from '@daybreak/contracts';
import { UnitOfWork } from '@daybreak/messaging';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { SignInInput } from './dto/sign-in.dto';
import { User } from './user.entity';
import { NotYourAccountError, UserNotFoundError } from './users.errors';

export function toCurrentUser(user: User): CurrentUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileName: user.profileName,
    profileImageUrl: user.profileImageUrl,
  };
}

export function toSnapshot(user: User): EventPayload<'user.registered'> {
  return {
    userId: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileName: user.profileName,
    profileImageUrl: user.profileImageUrl,
    timezone: user.timezone,
  };
}

@Injectable()
export class UsersService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    @InjectRepository(User) private readonly users: Repository<User>,
  ) {}

  /**
   * Finds the member behind a provider identity, creating them on first sign-in. The provider's
   * e-mail is kept current; names are only taken at registration, since members edit them here.
   */
  async signIn(input: SignInInput): Promise<CurrentUser> {
    return this.unitOfWork.run(async (tx) => {
      const inserted: User[] = await tx.manager
        .createQueryBuilder()
        .insert()
        .into(User)
        .values({
          identityIssuer: input.issuer,
          identitySubject: input.subject,
          email: input.email,
          firstName: input.firstName,
          lastName: input.lastName,
        })
        .orIgnore()
        .returning('*')
        .execute()
        .then((result) => result.raw as User[]);
      if (inserted.length === 1) {
        const user = await tx.manager.findOneByOrFail(User, {
          id: (inserted[0] as unknown as { id: string }).id,
        });
        tx.publish('user.registered', toSnapshot(user), { actorId: user.id });
        return toCurrentUser(user);
      }
      const user = await tx.manager.findOneByOrFail(User, {
        identityIssuer: input.issuer,
        identitySubject: input.subject,
      });
      if (input.email && input.email !== user.email) {
        user.email = input.email;
        await tx.manager.save(user);
        tx.publish('user.updated', toSnapshot(user), { actorId: user.id });
      }
      return toCurrentUser(user);
    });
  }

  /** A member's own account, with their e-mail: only that member may read it. */
  async getOwnAccount(userId: string, viewerId: string): Promise<CurrentUser> {
    if (viewerId !== userId) throw new NotYourAccountError();
    const user = await this.users.findOneBy({ id: userId });
    if (!user) throw new UserNotFoundError();
    return toCurrentUser(user);
  }
}
