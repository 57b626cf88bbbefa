import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { EventOf, OnEvent, Transaction } from '@daybreak/messaging';
import { ReadModelsService } from './read-models.service';

/** Keeps the read models in step with the social and posts services. */
@Controller()
export class ReadModelsConsumer {
  constructor(private readonly readModels: ReadModelsService) {}

  @OnEvent('user.registered')
  onRegistered(@Payload() event: EventOf<'user.registered'>, @Ctx() tx: Transaction): Promise<void> {
    return this.readModels.applyMember(tx, event.payload, event.occurredAt);
  }

  @OnEvent('user.updated')
  onUpdated(@Payload() event: EventOf<'user.updated'>, @Ctx() tx: Transaction): Promise<void> {
    return this.readModels.applyMember(tx, event.payload, event.occurredAt);
  }

  @OnEvent('user.followed')
  onFollowed(@Payload() event: EventOf<'user.followed'>, @Ctx() tx: Transaction): Promise<void> {
    return this.readModels.follow(tx, event.payload);
  }

  @OnEvent('post.created')
  onPostCreated(@Payload() event: EventOf<'post.created'>, @Ctx() tx: Transaction): Promise<void> {
    return this.readModels.recordPost(tx, event.payload);
  }

  @OnEvent('user.unfollowed')
  onUnfollowed(@Payload() event: EventOf<'user.unfollowed'>, @Ctx() tx: Transaction): Promise<void> {
    return this.readModels.unfollow(tx, event.payload);
  }
}
