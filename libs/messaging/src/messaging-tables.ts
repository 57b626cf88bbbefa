import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The two tables every service uses for messaging, created in its own schema by its first migration:
 * - `outbox`: an event row written in the same transaction as the state change it describes; the
 *   relay publishes unpublished rows in id order and stamps `published_at`.
 * - `processed_events` (the inbox): events a handler has already applied; a redelivered event finds
 *   its row and is skipped. Keyed by handler, so several handlers may each apply one event once.
 *
 * Migrations that already ran depend on this text: change it only with a new migration.
 */
export const MESSAGING_TABLES_SQL = [
  `CREATE TABLE outbox (
     id bigserial PRIMARY KEY,
     event_id uuid NOT NULL UNIQUE,
     topic text NOT NULL,
     message_key text NOT NULL,
     envelope jsonb NOT NULL,
     created_at timestamptz NOT NULL DEFAULT now(),
     published_at timestamptz
   )`,
  `CREATE INDEX outbox_unpublished_idx ON outbox (id) WHERE published_at IS NULL`,
  `CREATE TABLE processed_events (
     consumer text NOT NULL,
     event_id uuid NOT NULL,
     processed_at timestamptz NOT NULL DEFAULT now(),
     PRIMARY KEY (consumer, event_id)
   )`,
];

/**
 * The W3C trace context (traceparent, tracestate) active when an event was queued, so the relay's
 * Kafka message continues that trace. Null for rows written before, or with tracing off. Every service
 * lists this migration after its own initial one.
 */
export class OutboxTraceContext1736000000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE outbox ADD COLUMN trace_context jsonb`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE outbox DROP COLUMN trace_context`);
  }
}
