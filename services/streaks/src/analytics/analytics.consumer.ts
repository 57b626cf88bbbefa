import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { EventOf, OnEvent, Transaction } from '@daybreak/messaging';
import { AnalyticsService } from './analytics.service';

/** The daily aggregates' handlers (ADR 0033): the SPA's events and the domain's own. */
@Controller()
export class AnalyticsConsumer {
  constructor(private readonly analytics: AnalyticsService) {}

  @OnEvent('analytics.event-recorded')
  onClientEvent(
    @Payload() event: EventOf<'analytics.event-recorded'>,
    @Ctx() tx: Transaction,
  ): Promise<void> {
    return this.analytics.applyClientEvent(tx, event.payload);
  }

  @OnEvent('post.created')
  onPost(@Payload() event: EventOf<'post.created'>, @Ctx() tx: Transaction): Promise<void> {
    return this.analytics.applyPost(tx, event.payload);
  }

  @OnEvent('post.liked')
  onLike(@Payload() event: EventOf<'post.liked'>, @Ctx() tx: Transaction): Promise<void> {
    return this.analytics.applyAction(tx, event.payload.likerId, event.occurredAt);
  }

  @OnEvent('comment.created')
  onComment(@Payload() event: EventOf<'comment.created'>, @Ctx() tx: Transaction): Promise<void> {
    return this.analytics.applyAction(tx, event.payload.authorId, event.occurredAt);
  }

  @OnEvent('user.followed')
  onFollow(@Payload() event: EventOf<'user.followed'>, @Ctx() tx: Transaction): Promise<void> {
    return this.analytics.applyAction(tx, event.payload.followerId, event.occurredAt);
  }

  @OnEvent('user.registered')
  onSignUp(@Payload() event: EventOf<'user.registered'>, @Ctx() tx: Transaction): Promise<void> {
    return this.analytics.applySignUp(tx, event.payload.userId, event.occurredAt);
  }

  @OnEvent('badge.earned')
  onBadge(@Payload() event: EventOf<'badge.earned'>, @Ctx() tx: Transaction): Promise<void> {
    return this.analytics.applyBadge(tx, event.payload, event.occurredAt);
  }
}
