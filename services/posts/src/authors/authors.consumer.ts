import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { EventOf, OnEvent, Transaction } from '@daybreak/messaging';
import { AuthorsService } from './authors.service';

/** Keeps the authors read model in step with the social service's users. */
@Controller()
export class AuthorsConsumer {
  constructor(private readonly authors: AuthorsService) {}

  @OnEvent('user.registered')
  onRegistered(@Payload() event: EventOf<'user.registered'>, @Ctx() tx: Transaction): Promise<void> {
    return this.authors.applySnapshot(tx, event.payload, event.occurredAt);
  }

  @OnEvent('user.updated')
  onUpdated(@Payload() event: EventOf<'user.updated'>, @Ctx() tx: Transaction): Promise<void> {
    return this.authors.applySnapshot(tx, event.payload, event.occurredAt);
  }
}
