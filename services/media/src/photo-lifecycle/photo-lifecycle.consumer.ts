import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { EventOf, OnEvent, Transaction } from '@daybreak/messaging';
import { PhotoLifecycle } from './photo-lifecycle.service';

/** Posts and profiles that use an image, and posts that go: see PhotoLifecycle. */
@Controller()
export class PhotoLifecycleConsumer {
  constructor(private readonly lifecycle: PhotoLifecycle) {}

  @OnEvent('post.created')
  onPostCreated(@Payload() event: EventOf<'post.created'>, @Ctx() tx: Transaction): Promise<void> {
    return this.lifecycle.attachToPost(tx, event.payload);
  }

  @OnEvent('post.deleted')
  onPostDeleted(@Payload() event: EventOf<'post.deleted'>, @Ctx() tx: Transaction): Promise<void> {
    return this.lifecycle.deletePostPhoto(tx, event.payload);
  }

  @OnEvent('user.registered')
  onRegistered(@Payload() event: EventOf<'user.registered'>, @Ctx() tx: Transaction): Promise<void> {
    return this.lifecycle.applyProfile(tx, event.payload, event.occurredAt);
  }

  @OnEvent('user.updated')
  onUpdated(@Payload() event: EventOf<'user.updated'>, @Ctx() tx: Transaction): Promise<void> {
    return this.lifecycle.applyProfile(tx, event.payload, event.occurredAt);
  }

  @OnEvent('user.deleted')
  onDeleted(@Payload() event: EventOf<'user.deleted'>, @Ctx() tx: Transaction): Promise<void> {
    return this.lifecycle.eraseMember(tx, event.payload);
  }
}
