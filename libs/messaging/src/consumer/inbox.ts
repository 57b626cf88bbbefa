import { NamedStatement, queryNamed } from '@daybreak/database';
import { EntityManager } from 'typeorm';

const CLAIM_ONE: NamedStatement = {
  name: 'inbox_claim',
  text: `INSERT INTO processed_events (consumer, event_id) VALUES ($1, $2)
         ON CONFLICT DO NOTHING RETURNING event_id`,
};
const CLAIM_MANY: NamedStatement = {
  name: 'inbox_claim_many',
  text: `INSERT INTO processed_events (consumer, event_id)
         SELECT DISTINCT * FROM unnest($1::text[], $2::uuid[])
         ON CONFLICT DO NOTHING RETURNING consumer, event_id`,
};

/**
 * The inbox: records, inside the handler's transaction, that `consumer` applied the event. Returns
 * false when it already had (a redelivery), so the caller skips the handler. Because the row commits
 * or rolls back with the handler's own effect, an event is applied exactly once per consumer even
 * though Kafka delivers at least once.
 */
export async function claimEvent(
  manager: EntityManager,
  consumer: string,
  eventId: string,
): Promise<boolean> {
  const rows = await queryNamed(manager, CLAIM_ONE, [consumer, eventId]);
  return rows.length === 1;
}

/** How claimEvents names a claimed (handler, event) pair. */
export function inboxKey(consumer: string, eventId: string): string {
  return `${consumer}\u0000${eventId.toLowerCase()}`;
}

/**
 * claimEvent for many (handler, event) pairs in one statement: the pairs not applied before, as
 * inboxKey names them. A pair listed twice is claimed once.
 */
export async function claimEvents(
  manager: EntityManager,
  pairs: readonly { consumer: string; eventId: string }[],
): Promise<Set<string>> {
  const rows = await queryNamed<{ consumer: string; event_id: string }>(manager, CLAIM_MANY, [
    pairs.map((pair) => pair.consumer),
    pairs.map((pair) => pair.eventId),
  ]);
  return new Set(rows.map((row) => inboxKey(row.consumer, row.event_id)));
}
