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
