import { EntityManager } from 'typeorm';

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
  const rows: unknown[] = await manager.query(
    `INSERT INTO processed_events (consumer, event_id) VALUES ($1, $2)
     ON CONFLICT DO NOTHING RETURNING event_id`,
    [consumer, eventId],
  );
  return rows.length === 1;
}
