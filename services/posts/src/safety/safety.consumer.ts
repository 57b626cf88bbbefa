import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { EventOf, OnEvent, Transaction } from '@daybreak/messaging';
import { SafetyService } from './safety.service';

/** Keeps who blocked and muted whom in step with the social service (ADR 0024). */
@Controller()
export class SafetyConsumer {
  constructor(private readonly safety: SafetyService) {}

  @OnEvent('user.blocked')
  onBlocked(@Payload() event: EventOf<'user.blocked'>, @Ctx() tx: Transaction): Promise<void> {
    return this.safety.apply(tx, event);
  }

  @OnEvent('user.unblocked')
  onUnblocked(@Payload() event: EventOf<'user.unblocked'>, @Ctx() tx: Transaction): Promise<void> {
    return this.safety.apply(tx, event);
  }

  @OnEvent('user.muted')
  onMuted(@Payload() event: EventOf<'user.muted'>, @Ctx() tx: Transaction): Promise<void> {
    return this.safety.apply(tx, event);
  }

  @OnEvent('user.unmuted')
  onUnmuted(@Payload() event: EventOf<'user.unmuted'>, @Ctx() tx: Transaction): Promise<void> {
    return this.safety.apply(tx, event);
  }
}
