import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { EventOf, OnEvent, Transaction } from '@daybreak/messaging';
import { StreaksService } from './streaks.service';

/** post.created is handled with badges (BadgesConsumer), which records the post first. */
@Controller()
export class StreaksConsumer {
  constructor(private readonly streaks: StreaksService) {}

  @OnEvent('post.deleted')
  onPostDeleted(@Payload() event: EventOf<'post.deleted'>, @Ctx() tx: Transaction): Promise<void> {
    return this.streaks.forgetPost(tx, event.payload);
  }
}
