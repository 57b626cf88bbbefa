import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { EventOf, OnEvent, Transaction } from '@daybreak/messaging';
import { NotificationWriter } from './notification-writer';
import { PostFanOut } from './post-fan-out';

/**
 * The events that notify a member (worker role only: the api role connects no consumer). Each
 * notification is dated by its event's `occurredAt`: after a backlog, a like shows when it happened.
 */
@Controller()
export class NotificationsConsumer {
  constructor(
    private readonly writer: NotificationWriter,
    private readonly fanOut: PostFanOut,
  ) {}

  // Likes, comments and follows are queued in the transaction and written together before it commits.
  @OnEvent('post.liked')
  onLiked(@Payload() event: EventOf<'post.liked'>, @Ctx() tx: Transaction): void {
    this.writer.liked(tx, event.payload, event.occurredAt);
  }

  @OnEvent('comment.created')
  onCommented(@Payload() event: EventOf<'comment.created'>, @Ctx() tx: Transaction): void {
    this.writer.commented(tx, event.payload, event.occurredAt);
  }

  @OnEvent('user.followed')
  onFollowed(@Payload() event: EventOf<'user.followed'>, @Ctx() tx: Transaction): void {
    this.writer.followed(tx, event.payload, event.occurredAt);
  }

  // A fan-out to every follower: its own transaction, so it holds their counters for itself alone.
  @OnEvent('post.created', { alone: true })
  onPostCreated(@Payload() event: EventOf<'post.created'>, @Ctx() tx: Transaction): Promise<void> {
    return this.fanOut.postCreated(tx, event.payload, event.occurredAt);
  }

  // Takes away every notification of the post and changes each recipient's count: on its own too.
  @OnEvent('post.deleted', { alone: true })
  onPostDeleted(@Payload() event: EventOf<'post.deleted'>, @Ctx() tx: Transaction): Promise<void> {
    return this.fanOut.postDeleted(tx, event.payload);
  }

  @OnEvent('report.resolved')
  onReportResolved(@Payload() event: EventOf<'report.resolved'>, @Ctx() tx: Transaction): Promise<void> {
    return this.writer.reportResolved(tx, event.payload, event.occurredAt);
  }

  @OnEvent('badge.earned')
  onBadgeEarned(@Payload() event: EventOf<'badge.earned'>, @Ctx() tx: Transaction): Promise<void> {
    return this.writer.badgeEarned(tx, event.payload, event.occurredAt);
  }
}
