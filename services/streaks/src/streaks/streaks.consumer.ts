import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { EventOf, OnEvent, Transaction } from '@daybreak/messaging';
import { StreaksService } from './streaks.service';

@Controller()
export class StreaksConsumer {
  constructor(private readonly streaks: StreaksService) {}

  @OnEvent('post.created')
  onPostCreated(@Payload() event: EventOf<'post.created'>, @Ctx() tx: Transaction): Promise<void> {
    return this.streaks.recordPost(tx, event.payload);
  }

  @OnEvent('post.deleted')
  onPostDeleted(@Payload() event: EventOf<'post.deleted'>, @Ctx() tx: Transaction): Promise<void> {
    return this.streaks.forgetPost(tx, event.payload.postId);
  }
}
