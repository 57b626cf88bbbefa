import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { EventOf, OnEvent, Transaction } from '@daybreak/messaging';
import { BadgesService } from './badges.service';
import { PostActivityService } from './post-activity.service';

/** Events that move a member's counters, each followed by awarding what they now reach. */
@Controller()
export class BadgesConsumer {
  constructor(
    private readonly activity: PostActivityService,
    private readonly badges: BadgesService,
  ) {}

  @OnEvent('post.created')
  async onPostCreated(@Payload() event: EventOf<'post.created'>, @Ctx() tx: Transaction): Promise<void> {
    await this.activity.apply(tx, event.payload);
  }

  @OnEvent('invite.created')
  async onInviteCreated(@Payload() event: EventOf<'invite.created'>, @Ctx() tx: Transaction): Promise<void> {
    const { inviteCode, inviterId } = event.payload;
    await tx.manager.query(
      `INSERT INTO invites_sent (invite_code, inviter_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
      [inviteCode, inviterId],
    );
    await this.badges.award(tx, inviterId, { postId: null, at: new Date(event.occurredAt) });
  }

  @OnEvent('invite.accepted')
  async onInviteAccepted(
    @Payload() event: EventOf<'invite.accepted'>,
    @Ctx() tx: Transaction,
  ): Promise<void> {
    const { inviterId, inviteeId } = event.payload;
    await tx.manager.query(
      `INSERT INTO invites_accepted (inviter_id, invitee_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
      [inviterId, inviteeId],
    );
    await this.badges.award(tx, inviterId, { postId: null, at: new Date(event.occurredAt) });
  }
}
