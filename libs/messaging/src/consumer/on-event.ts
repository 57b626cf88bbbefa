import { EventPattern } from '@nestjs/microservices';
import type { EventOf, EventType } from '@daybreak/contracts';
import type { Transaction } from '../outbox/unit-of-work';

/** A parsed, validated event of one type, as a handler receives it (re-exported for handlers). */
export type { EventOf };

/**
 * What a handler of `T` must be: a method that takes the event of `T` (or of a union including it)
 * and the transaction it runs in. A handler declared with another event's type does not compile.
 */
type EventHandler<T extends EventType> = (event: EventOf<T>, tx: Transaction) => unknown;

/** What `@OnEvent` records on a handler, read back by the transport. */
export interface HandlerRegistration {
  event: EventType;
  /** The handler's name in the inbox (processed_events.consumer). */
  consumer: string;
  /** Whether each event gets a transaction of its own (OnEventOptions.alone). */
  alone?: true;
}

export interface OnEventOptions {
  /**
   * The handler's name in the inbox; defaults to `Class.method`. Give one explicitly to keep a
   * handler's history when renaming it.
   */
  consumer?: string;
  /**
   * Applies each event in a transaction of its own instead of with the rest of its batch: for a
   * handler whose work grows with the data (a post's fan-out to every follower), so that its locks
   * are held for one event's work, and two workers' batches do not lock many rows in other orders.
   */
  alone?: boolean;
}

/**
 * Declares an event handler:
 *
 *     @OnEvent('post.created')
 *     onPostCreated(@Payload() event: EventOf<'post.created'>, @Ctx() tx: Transaction) { … }
 *
 * The transport opens a transaction (a fetched batch of events shares one), skips an event this
 * handler already applied, and otherwise calls it with the event and the transaction; the handler's
 * effects and its inbox record commit together. Handlers never deal with de-duplication themselves.
 * The method must be an EventHandler of `type`: one that takes another event's type does not compile.
 */
export function OnEvent<T extends EventType>(
  type: T,
  options: OnEventOptions = {},
): <M extends EventHandler<T>>(
  target: object,
  key: string | symbol,
  descriptor: TypedPropertyDescriptor<M>,
) => void {
  return (target, key, descriptor) => {
    const registration: HandlerRegistration = {
      event: type,
      consumer: options.consumer ?? `${target.constructor.name}.${String(key)}`,
      ...(options.alone ? { alone: true as const } : {}),
    };
    // The pattern is unique per handler, so Nest keeps several handlers of one event type apart
    // (rather than chaining them into one call) and the transport claims and runs each on its own.
    EventPattern({ ...registration }, { ...registration })(target, key, descriptor);
  };
}
