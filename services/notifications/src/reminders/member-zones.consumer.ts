import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { EventOf, OnEvent, Transaction } from '@daybreak/messaging';
import { RemindersService } from './reminders.service';

/**
 * The zone each member's reminders follow, from social's user events and the posts' zones; a change
 * moves their next reminder into the new zone.
 */
@Controller()
export class MemberZonesConsumer {
  constructor(private readonly reminders: RemindersService) {}

  @OnEvent('user.registered')
  onRegistered(@Payload() event: EventOf<'user.registered'>, @Ctx() tx: Transaction): Promise<void> {
    return this.reminders.storedZoneChanged(tx, event.payload, event.occurredAt);
  }

  @OnEvent('user.updated')
  onUpdated(@Payload() event: EventOf<'user.updated'>, @Ctx() tx: Transaction): Promise<void> {
    return this.reminders.storedZoneChanged(tx, event.payload, event.occurredAt);
  }

  @OnEvent('post.created')
  onPostCreated(@Payload() event: EventOf<'post.created'>, @Ctx() tx: Transaction): Promise<void> {
    return this.reminders.postedIn(tx, event.payload);
  }
}
