import { Injectable } from '@nestjs/common';
import type { GeneratedInvite, SharedInvite } from '@daybreak/contracts';
import { Transaction, UnitOfWork } from '@daybreak/messaging';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository } from 'typeorm';
import { FollowsService } from '../follows/follows.service';
import { BlockedInviteError } from '../safety/safety.errors';
import { blockBetween } from '../safety/safety.queries';
import { UsersService } from '../users/users.service';
import {
  INVITE_CODE_PATTERN,
  acceptOutcome,
  inviteExpiry,
  isLive,
  newInviteCode,
} from './domain/invite-rules';
import { Invite } from './invite.entity';
import { insertAcceptance, lockMembersInvites, markShared, replaceCurrentInvite } from './invites.queries';
import { InviteNotFoundError, OwnInviteError } from './invites.errors';

/** Who sent a live invite; the gateway adds the inviter's current streak (spec §3 Inviter). */
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
  /** False when this member had joined through this inviter before: nothing changed. */
  accepted: boolean;
}

const generated = (invite: Pick<Invite, 'code' | 'expiresAt'>): GeneratedInvite => ({
  inviteCode: invite.code,
  expiresAt: invite.expiresAt.toISOString(),
});

/** Invite links for many friends (ADR 0030): one current link per member, 30 days at most. */
@Injectable()
export class InvitesService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly users: UsersService,
    private readonly follows: FollowsService,
    @InjectRepository(Invite) private readonly invites: Repository<Invite>,
  ) {}

  /** The member's current link while it lives; once it has expired, a new one. */
  async generate(inviterId: string): Promise<GeneratedInvite> {
    await this.users.findUser(inviterId);
    return this.unitOfWork.run(async (tx) => {
      await lockMembersInvites(tx.manager, inviterId);
      const current = await tx.manager.findOneBy(Invite, { inviterId, replacedAt: IsNull() });
      if (current && isLive(current, new Date())) return generated(current);
      return this.makeLink(tx, inviterId);
    });
  }

  /** A new link; the one before stops working for everyone who has not joined with it yet. */
  async renew(inviterId: string): Promise<GeneratedInvite> {
    await this.users.findUser(inviterId);
    return this.unitOfWork.run(async (tx) => {
      await lockMembersInvites(tx.manager, inviterId);
      return this.makeLink(tx, inviterId);
    });
  }

  /**
   * The member copied or shared their live link: the first time, `invite.shared`, which the
   * invites-sent badges count (one per link). Someone else's link, or a dead one: 404.
   */
  share(code: string, memberId: string): Promise<SharedInvite> {
    return this.unitOfWork.run(async (tx) => {
      const invite = await this.liveInvite(tx, code);
      if (invite.inviterId !== memberId) throw new InviteNotFoundError();
      const counted = await markShared(tx.manager, code);
      if (counted)
        tx.publish('invite.shared', { inviteCode: code, inviterId: memberId }, { actorId: memberId });
      return { counted };
    });
  }

  /** A live link's inviter, for anyone holding the link (guests too). */
  async lookup(code: string): Promise<InviteDetails> {
    const invite = INVITE_CODE_PATTERN.test(code) ? await this.invites.findOneBy({ code }) : null;
    if (!invite || !isLive(invite, new Date())) throw new InviteNotFoundError();
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

  /**
   * Both members follow each other and `invite.accepted` is published, once per friend and inviter.
   * The link stays live for the next friend. Accepting again changes nothing.
   */
  accept(code: string, memberId: string): Promise<AcceptedInvite> {
    return this.unitOfWork.run(async (tx) => {
      // Shared: friends accept at once; a renew (an update of the row) waits for them.
      const invite = await this.liveInvite(tx, code, 'pessimistic_read');
      if (acceptOutcome(invite, memberId, new Date()) === 'own') throw new OwnInviteError();
      const { inviterId } = invite;
      if (!(await insertAcceptance(tx.manager, { inviterId, inviteeId: memberId, code }))) {
        return { inviterId, accepted: false };
      }
      if (await blockBetween(tx.manager, memberId, inviterId)) throw new BlockedInviteError();
      await this.follows.followInTx(tx, memberId, inviterId);
      await this.follows.followInTx(tx, inviterId, memberId);
      tx.publish(
        'invite.accepted',
        { inviteCode: code, inviterId, inviteeId: memberId },
        { actorId: memberId },
      );
      return { inviterId, accepted: true };
    });
  }

  private async liveInvite(tx: Transaction, code: string, lock?: 'pessimistic_read'): Promise<Invite> {
    const invite = INVITE_CODE_PATTERN.test(code)
      ? await tx.manager.findOne(Invite, { where: { code }, ...(lock && { lock: { mode: lock } }) })
      : null;
    if (!invite || !isLive(invite, new Date())) throw new InviteNotFoundError();
    return invite;
  }

  private async makeLink(tx: Transaction, inviterId: string): Promise<GeneratedInvite> {
    await replaceCurrentInvite(tx.manager, inviterId);
    const invite = { code: newInviteCode(), inviterId, expiresAt: inviteExpiry(new Date()) };
    await tx.manager.insert(Invite, invite);
    tx.publish('invite.created', { inviteCode: invite.code, inviterId }, { actorId: inviterId });
    return generated(invite);
  }
}
