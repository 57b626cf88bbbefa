import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { EventOf, OnEvent, Transaction } from '@daybreak/messaging';
import { MembersService } from './members.service';

@Controller()
export class MembersConsumer {
  constructor(private readonly members: MembersService) {}

  @OnEvent('user.registered')
  onRegistered(@Payload() event: EventOf<'user.registered'>, @Ctx() tx: Transaction): Promise<void> {
    return this.members.apply(tx, event.payload, event.occurredAt);
  }

  @OnEvent('user.updated')
  onUpdated(@Payload() event: EventOf<'user.updated'>, @Ctx() tx: Transaction): Promise<void> {
    return this.members.apply(tx, event.payload, event.occurredAt);
  }

  @OnEvent('user.deleted')
  onDeleted(@Payload() event: EventOf<'user.deleted'>, @Ctx() tx: Transaction): Promise<void> {
    return this.members.erase(tx, event.payload);
  }
}
