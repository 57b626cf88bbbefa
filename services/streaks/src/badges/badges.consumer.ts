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

  /** A link counts as sent once its member copied or shared it (ADR 0030), not when it was made. */
  @OnEvent('invite.shared')
  onInviteShared(@Payload() event: EventOf<'invite.shared'>, @Ctx() tx: Transaction): Promise<void> {
    return this.badges.inviteSent(tx, event.payload, new Date(event.occurredAt));
  }

  @OnEvent('invite.accepted')
  onInviteAccepted(@Payload() event: EventOf<'invite.accepted'>, @Ctx() tx: Transaction): Promise<void> {
    return this.badges.inviteAccepted(tx, event.payload, new Date(event.occurredAt));
  }
}
