import { Injectable } from '@nestjs/common';
import type { GeneratedInvite } from '@daybreak/contracts';
import { UnitOfWork } from '@daybreak/messaging';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository } from 'typeorm';
import { FollowsService } from '../follows/follows.service';
import { BlockedInviteError } from '../safety/safety.errors';
import { blockBetween } from '../safety/safety.queries';
import { UsersService } from '../users/users.service';
import { INVITE_CODE_PATTERN, acceptOutcome, isOpen, newInviteCode } from './domain/invite-rules';
import { Invite } from './invite.entity';
import { insertOpenInvite } from './invites.queries';
import { InviteNotFoundError, OwnInviteError } from './invites.errors';

/** Who sent an open invite; the gateway adds the inviter's current streak (spec §3 Inviter). */
export interface InviteDetails {
  inviter: {
    id: string;
    profileName: string | null;
    firstName: string | null;
    lastName: string | null;
    profileImageUrl: string | null;
  };
}

export interface AcceptedInvite {
  inviterId: string;
  /** False when this member had accepted the code before: nothing changed. */
  accepted: boolean;
}

@Injectable()
export class InvitesService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly users: UsersService,
    private readonly follows: FollowsService,
    @InjectRepository(Invite) private readonly invites: Repository<Invite>,
  ) {}

  /**
   * The member's open code, or a new one (and `invite.created`) when they have none. Concurrent
   * calls cannot both create one: the partial unique index lets one insert win, the other reads it.
   */
  async generate(inviterId: string): Promise<GeneratedInvite> {
    await this.users.findUser(inviterId);
    return this.unitOfWork.run(async (tx) => {
      const inviteCode = await insertOpenInvite(tx.manager, { code: newInviteCode(), inviterId });
      if (inviteCode) {
        tx.publish('invite.created', { inviteCode, inviterId }, { actorId: inviterId });
        return { inviteCode };
      }
      const open = await tx.manager.findOneByOrFail(Invite, { inviterId, acceptedBy: IsNull() });
      return { inviteCode: open.code };
    });
  }

  /** An open code's inviter, for anyone holding the link (guests too). */
  async lookup(code: string): Promise<InviteDetails> {
    const invite = INVITE_CODE_PATTERN.test(code) ? await this.invites.findOneBy({ code }) : null;
    if (!invite || !isOpen(invite)) throw new InviteNotFoundError();
    const inviter = await this.users.findUser(invite.inviterId);
    return {
      inviter: {
        id: inviter.id,
        profileName: inviter.profileName,
        firstName: inviter.firstName,
        lastName: inviter.lastName,
        profileImageUrl: inviter.profileImageUrl,
      },
    };
  }

  /** Both members follow each other; `invite.accepted` once. Accepting again changes nothing. */
  accept(code: string, memberId: string): Promise<AcceptedInvite> {
    return this.unitOfWork.run(async (tx) => {
      const invite = INVITE_CODE_PATTERN.test(code)
        ? await tx.manager.findOne(Invite, { where: { code }, lock: { mode: 'pessimistic_write' } })
        : null;
      if (!invite) throw new InviteNotFoundError();
      switch (acceptOutcome(invite, memberId)) {
        case 'own':
          throw new OwnInviteError();
        case 'gone':
          throw new InviteNotFoundError();
        case 'already-accepted':
          return { inviterId: invite.inviterId, accepted: false };
        case 'accept':
          if (await blockBetween(tx.manager, memberId, invite.inviterId)) throw new BlockedInviteError();
          await this.follows.followInTx(tx, memberId, invite.inviterId);
          await this.follows.followInTx(tx, invite.inviterId, memberId);
          await tx.manager.update(Invite, { code }, { acceptedBy: memberId, acceptedAt: new Date() });
          tx.publish(
            'invite.accepted',
            { inviteCode: code, inviterId: invite.inviterId, inviteeId: memberId },
            { actorId: memberId },
          );
          return { inviterId: invite.inviterId, accepted: true };
      }
    });
  }
}
