import { PATTERN_EXTRAS_METADATA } from '@nestjs/microservices/constants';
import type { EventPayload } from '@daybreak/contracts';
import type { Transaction } from '../outbox/unit-of-work';
import { EventOf, HandlerRegistration, OnEvent } from './on-event';

/**
 * `@OnEvent(type)` ties the handler's parameter to `type`. The handlers marked `@ts-expect-error`
 * are the mistakes it catches: typecheck fails on this file should the decorator accept them (an
 * unused `@ts-expect-error` is an error too), and should it refuse the handlers that are right.
 */
class Handlers {
  @OnEvent('post.created')
  onPostCreated(event: EventOf<'post.created'>, tx: Transaction): Promise<void> {
    return Promise.resolve(void [event.payload.createdAt, tx]);
  }

  // A handler may leave out the transaction, and return nothing.
  @OnEvent('post.liked', { consumer: 'likes', alone: true })
  onLiked(event: EventOf<'post.liked'>): void {
    void event.payload.likerId;
  }

  // A handler may take more events than its own (e.g. to share a helper's parameter type).
  @OnEvent('user.updated')
  onMember(event: EventOf<'user.registered' | 'user.updated'>): void {
    void event.payload.userId;
  }

  // @ts-expect-error another event's type, with another payload
  @OnEvent('post.deleted')
  onDeletedAsCreated(event: EventOf<'post.created'>): void {
    void event.payload.createdAt; // not in a post.deleted
  }

  // @ts-expect-error another event's type, even with the same payload (a like is not an unlike)
  @OnEvent('post.unliked')
  onUnlikedAsLiked(event: EventOf<'post.liked'>): void {
    void event;
  }

  // @ts-expect-error the payload, not the event: handlers receive the whole envelope
  @OnEvent('post.liked')
  onLikedPayload(payload: EventPayload<'post.liked'>): void {
    void payload;
  }

  // @ts-expect-error the second argument is the transaction
  @OnEvent('post.liked')
  onLikedWithWrongContext(event: EventOf<'post.liked'>, tx: string): void {
    void [event, tx];
  }
}

function registrationOf(method: unknown): HandlerRegistration {
  return Reflect.getMetadata(PATTERN_EXTRAS_METADATA, method as object) as HandlerRegistration;
}

describe('OnEvent', () => {
  it('registers the handler under its event type, named Class.method unless given a name', () => {
    expect(registrationOf(Handlers.prototype.onPostCreated)).toEqual({
      event: 'post.created',
      consumer: 'Handlers.onPostCreated',
    });
    expect(registrationOf(Handlers.prototype.onLiked)).toEqual({
      event: 'post.liked',
      consumer: 'likes',
      alone: true,
    });
  });
});
