import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { EventOf, OnEvent, Transaction } from '@daybreak/messaging';
import { AccountService } from './account.service';

/** A member who left: see AccountService.erase. */
@Controller()
export class AccountConsumer {
  constructor(private readonly account: AccountService) {}

  // Deletes many rows and moves others' counters: on its own, like a block in notifications.
  @OnEvent('user.deleted', { alone: true })
  onDeleted(@Payload() event: EventOf<'user.deleted'>, @Ctx() tx: Transaction): Promise<void> {
    return this.account.erase(tx, event.payload);
  }
}
