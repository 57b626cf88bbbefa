import { Injectable } from '@nestjs/common';
import type { EventOf } from '@daybreak/contracts';
import type { Transaction } from '@daybreak/messaging';
import { FeedCache } from '../posts/feed-cache';
import { ModerationDecision, applyDecision } from './moderation.queries';

/** Social's events of a moderator's decision or its undo. */
export type ModerationEvent =
  | EventOf<'post.hidden'>
  | EventOf<'comment.hidden'>
  | EventOf<'user.suspended'>
  | EventOf<'user.unsuspended'>;

/** The decision an event tells of, as of when social made it (the event's `occurredAt`). */
export function decisionOf(event: ModerationEvent): ModerationDecision {
  const decidedAt = event.occurredAt;
  switch (event.type) {
    case 'post.hidden':
      return { target: 'post', id: event.payload.postId, standing: event.payload.hidden, decidedAt };
    case 'comment.hidden':
      return { target: 'comment', id: event.payload.commentId, standing: event.payload.hidden, decidedAt };
    default:
      return {
        target: 'author',
        id: event.payload.userId,
        standing: event.type === 'user.suspended',
        decidedAt,
      };
  }
}

/**
 * Applies social's moderation decisions (issue 42): hides of posts and comments, suspensions of
 * authors, and their undos (UNHIDE, UNSUSPEND: ADR 0035). Each one changes what feed pages show, so
 * it is a feed write: the cached pages drop when it commits. The newest decision about each target
 * wins (applyDecision), whatever order its events arrive in.
 */
@Injectable()
export class ModerationService {
  constructor(private readonly feedCache: FeedCache) {}

  apply(tx: Transaction, event: ModerationEvent): Promise<void> {
    return this.feedCache.writeIn(tx, ({ manager }) => applyDecision(manager, decisionOf(event)));
  }
}
