import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { EventOf, OnEvent, Transaction } from '@daybreak/messaging';
import { MemberErasure } from './member-erasure';

/** A member who left: see MemberErasure. */
@Controller()
export class MemberErasureConsumer {
  constructor(private readonly erasure: MemberErasure) {}

  // Deletes notifications and changes others' counts: on its own, like a block.
  @OnEvent('user.deleted', { alone: true })
  onDeleted(@Payload() event: EventOf<'user.deleted'>, @Ctx() tx: Transaction): Promise<void> {
    return this.erasure.erase(tx, event.payload);
  }
}
