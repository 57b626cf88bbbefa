import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { EventOf, OnEvent, Transaction } from '@daybreak/messaging';
import { ModerationService } from './moderation.service';

/** Social's moderation decisions, applied to the posts, comments and authors they concern (issue 42). */
@Controller()
export class ModerationConsumer {
  constructor(private readonly moderation: ModerationService) {}

  @OnEvent('post.hidden')
  onPostHidden(@Payload() event: EventOf<'post.hidden'>, @Ctx() tx: Transaction): Promise<void> {
    return this.moderation.apply(tx, event);
  }

  @OnEvent('comment.hidden')
  onCommentHidden(@Payload() event: EventOf<'comment.hidden'>, @Ctx() tx: Transaction): Promise<void> {
    return this.moderation.apply(tx, event);
  }

  @OnEvent('user.suspended')
  onSuspended(@Payload() event: EventOf<'user.suspended'>, @Ctx() tx: Transaction): Promise<void> {
    return this.moderation.apply(tx, event);
  }

  @OnEvent('user.unsuspended')
  onUnsuspended(@Payload() event: EventOf<'user.unsuspended'>, @Ctx() tx: Transaction): Promise<void> {
    return this.moderation.apply(tx, event);
  }
}
