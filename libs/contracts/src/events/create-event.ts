import { EventEnvelope, envelopeSchema } from '../envelope';
import { EventPayload, EventType, eventCatalogue } from './registry';

/**
 * An envelope of one event type: its `type` is that type (createEvent sets it, parseEvent checks it)
 * and its payload that type's, so two types with the same payload (`post.liked`, `post.unliked`)
 * are still told apart.
 */
export type EventOf<T extends EventType> = EventEnvelope<EventPayload<T>> & { type: T };

export interface EventContext {
  producer: string;
  actorId: string | null;
  correlationId: string;
  /** Defaults to now; tests and replays pass their own. */
  occurredAt?: Date;
}

/** Builds a validated envelope; throws if the payload does not match the catalogue's schema. */
export function createEvent<T extends EventType>(
  type: T,
  payload: EventPayload<T>,
  context: EventContext,
): EventOf<T> {
  const entry = eventCatalogue[type];
  return {
    eventId: globalThis.crypto.randomUUID(),
    type,
    version: entry.version,
    occurredAt: (context.occurredAt ?? new Date()).toISOString(),
    producer: context.producer,
    actorId: context.actorId,
    correlationId: context.correlationId,
    payload: entry.schema.parse(payload) as EventPayload<T>,
  };
}

/** Parses raw message JSON into a typed envelope, validating both the envelope and the payload. */
export function parseEvent<T extends EventType>(type: T, raw: unknown): EventOf<T> {
  const envelope = envelopeSchema.parse(raw);
  if (envelope.type !== type) {
    throw new Error(`Expected event type ${type} but got ${envelope.type}`);
  }
  const payload = eventCatalogue[type].schema.parse(envelope.payload) as EventPayload<T>;
  return { ...envelope, type, payload };
}
