import { z } from 'zod';

/**
 * Every Kafka message carries this envelope. The payload schema depends on `type`;
 * see `events/registry.ts` for the catalogue.
 */
export const envelopeSchema = z.object({
  /** Unique per event; consumers record it to make redelivery a no-op. */
  eventId: z.uuid(),
  /** Event type without version, e.g. `post.created`. */
  type: z.string().min(1),
  /** Schema version of the payload; a breaking change is a new version on a new topic. */
  version: z.number().int().positive(),
  /** When the state change happened (ISO-8601, UTC). */
  occurredAt: z.iso.datetime({ offset: true }),
  /** Service that produced the event. */
  producer: z.string().min(1),
  /** Member whose action caused the event, when there is one. */
  actorId: z.string().nullable(),
  /** Carried from the originating HTTP request so one action can be followed across services. */
  correlationId: z.string().min(1),
  payload: z.unknown(),
});

export type EventEnvelope<TPayload = unknown> = Omit<z.infer<typeof envelopeSchema>, 'payload'> & {
  payload: TPayload;
};
