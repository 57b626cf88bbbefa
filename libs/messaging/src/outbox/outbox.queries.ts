import { NamedStatement } from '@daybreak/database';
import type { TraceCarrier } from '@daybreak/observability';

/** The relay's statements on the `outbox` table, and the row it publishes. */

/**
 * One relay per service publishes at a time, so events leave in commit order even with replicas.
 * Its transaction stays open while Kafka takes the batch, which a broker that hangs can make longer
 * than the pool's idle-in-transaction timeout (10 s): Postgres would end the session and the batch go
 * out again. So this transaction alone may sit idle for longer than kafkajs can wait (30 s a request,
 * four tries), and still not forever: a relay that froze mid-round lets the lock go to another replica.
 */
export const RELAY_LOCK: NamedStatement = {
  name: 'outbox_relay_lock',
  text: `SELECT set_config('idle_in_transaction_session_timeout', '150s', true),
         pg_try_advisory_xact_lock(hashtext(current_schema() || '.outbox-relay')) AS locked`,
};
export const UNSENT_ROWS: NamedStatement = {
  name: 'outbox_unsent',
  text: `SELECT id, topic, message_key, envelope, trace_context FROM outbox
         WHERE published_at IS NULL ORDER BY id LIMIT $1`,
};
export const MARK_SENT: NamedStatement = {
  name: 'outbox_mark_sent',
  text: `UPDATE outbox SET published_at = now() WHERE id = ANY($1::bigint[])`,
};

export interface OutboxRow {
  id: string;
  topic: string;
  message_key: string;
  envelope: Record<string, unknown>;
  trace_context: TraceCarrier | null;
}

/** The poll's first look, outside any transaction: one statement while nothing waits. */
export const ANY_UNSENT_SQL = `SELECT EXISTS (SELECT FROM outbox WHERE published_at IS NULL) AS waiting`;

export const BACKLOG_SQL = `SELECT count(*)::int AS unsent,
  coalesce(extract(epoch FROM now() - min(created_at)), 0)::float AS oldest
  FROM outbox WHERE published_at IS NULL`;
