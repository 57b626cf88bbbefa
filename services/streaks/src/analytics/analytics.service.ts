import { Injectable } from '@nestjs/common';
import { localDateTime, type AnalyticsClientEvent, type EventPayload } from '@daybreak/contracts';
import { Transaction, UnitOfWork } from '@daybreak/messaging';
import { insertActiveMember, reachStep } from './analytics.queries';
import { count } from './daily-counts';

/** The badge that marks a member's first seven-day streak (the funnel's last step). */
export const WEEK_STREAK_BADGE = 'week-warrior';

/** The UTC calendar day of an instant: the aggregates' day, the same for every member. */
export const utcDay = (instant: string | Date): string => new Date(instant).toISOString().slice(0, 10);

/**
 * Product analytics (ADR 0033): takes the SPA's events from the gateway into the outbox as
 * `analytics.event-recorded`, and keeps the daily aggregates from them and from the domain events
 * that say more truthfully what members did (a post, a like, a sign-up).
 */
@Injectable()
export class AnalyticsService {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  /** One event per client event, published together; `memberId` comes from the gateway's token. */
  async record(memberId: string | null, events: AnalyticsClientEvent[], receivedAt: Date): Promise<void> {
    const batchId = globalThis.crypto.randomUUID();
    await this.unitOfWork.run(async (tx) => {
      for (const event of events)
        tx.publish(
          'analytics.event-recorded',
          { ...event, batchId, memberId, receivedAt: receivedAt.toISOString() },
          { actorId: memberId, occurredAt: receivedAt },
        );
    });
  }

  async applyClientEvent(tx: Transaction, event: EventPayload<'analytics.event-recorded'>): Promise<void> {
    const day = utcDay(event.receivedAt);
    count(tx, { counter: 'events', day, name: event.name, audience: event.memberId ? 'member' : 'guest' });
    if (event.memberId) await markActive(tx, event.memberId, day);
  }

  async applyPost(tx: Transaction, post: EventPayload<'post.created'>): Promise<void> {
    const day = utcDay(post.createdAt);
    const localHour = localDateTime(new Date(post.createdAt), post.timezone).hour % 24;
    count(tx, { counter: 'posts', day, localHour, classification: post.timeClassification });
    await markActive(tx, post.authorId, day);
    await reachStep(tx.manager, post.authorId, 'first_post_on', day);
  }

  /** A like, a comment or a follow: the member was active that day. */
  applyAction(tx: Transaction, memberId: string, occurredAt: string): Promise<void> {
    return markActive(tx, memberId, utcDay(occurredAt));
  }

  applySignUp(tx: Transaction, userId: string, occurredAt: string): Promise<void> {
    return reachStep(tx.manager, userId, 'signed_up_on', utcDay(occurredAt));
  }

  async applyBadge(tx: Transaction, badge: EventPayload<'badge.earned'>, occurredAt: string): Promise<void> {
    if (badge.badgeId !== WEEK_STREAK_BADGE) return;
    await reachStep(tx.manager, badge.userId, 'first_week_streak_on', utcDay(occurredAt));
  }
}

/** Counts the member active on `day` the first time they are seen that day. */
async function markActive(tx: Transaction, userId: string, day: string): Promise<void> {
  if (await insertActiveMember(tx.manager, userId, day)) count(tx, { counter: 'active', day });
}
