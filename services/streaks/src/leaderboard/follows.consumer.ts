import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { EventOf, OnEvent, Transaction } from '@daybreak/messaging';
import { FollowsService } from './follows.service';

/** Social's follow events, into the follow read model. */
@Controller()
export class FollowsConsumer {
  constructor(private readonly follows: FollowsService) {}

  @OnEvent('user.followed')
  onFollowed(@Payload() event: EventOf<'user.followed'>, @Ctx() tx: Transaction): Promise<void> {
    return this.follows.follow(tx, event.payload);
  }

  @OnEvent('user.unfollowed')
  onUnfollowed(@Payload() event: EventOf<'user.unfollowed'>, @Ctx() tx: Transaction): Promise<void> {
    return this.follows.unfollow(tx, event.payload);
  }
}
