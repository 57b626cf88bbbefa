import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { EventOf, OnEvent, Transaction } from '@daybreak/messaging';
import { SafetyService } from './safety.service';

/** Keeps who blocked and muted whom in step with the social service (ADR 0023). */
@Controller()
export class SafetyConsumer {
  constructor(private readonly safety: SafetyService) {}

  // Deletes notifications and changes two members' counts: on its own, like a post's deletion.
  @OnEvent('user.blocked', { alone: true })
  onBlocked(@Payload() event: EventOf<'user.blocked'>, @Ctx() tx: Transaction): Promise<void> {
    return this.safety.blocked(tx, event.payload);
  }

  @OnEvent('user.unblocked')
  onUnblocked(@Payload() event: EventOf<'user.unblocked'>, @Ctx() tx: Transaction): Promise<void> {
    return this.safety.unblocked(tx, event.payload);
  }

  @OnEvent('user.muted')
  onMuted(@Payload() event: EventOf<'user.muted'>, @Ctx() tx: Transaction): Promise<void> {
    return this.safety.muted(tx, event.payload);
  }

  @OnEvent('user.unmuted')
  onUnmuted(@Payload() event: EventOf<'user.unmuted'>, @Ctx() tx: Transaction): Promise<void> {
    return this.safety.unmuted(tx, event.payload);
  }
}
