import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/**
 * Transactional outbox: an event row written in the same transaction as the state change it
 * describes. The relay publishes unpublished rows in id order and stamps `publishedAt`.
 */
@Entity({ name: 'outbox' })
@Index('outbox_unpublished_idx', ['id'], { where: 'published_at IS NULL' })
export class OutboxMessage {
  @PrimaryGeneratedColumn('increment', { type: 'bigint' })
  id!: string;

  @Column({ type: 'uuid', unique: true })
  eventId!: string;

  @Column({ type: 'text' })
  topic!: string;

  @Column({ type: 'text', comment: 'Kafka message key: the aggregate id, so one aggregate stays ordered' })
  messageKey!: string;

  @Column({ type: 'jsonb' })
  envelope!: Record<string, unknown>;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  publishedAt!: Date | null;
}

/** Events a consumer has already applied; a redelivered event finds its row and is skipped. */
@Entity({ name: 'processed_events' })
export class ProcessedEvent {
  @PrimaryColumn({ type: 'text', comment: 'Handler name: several handlers may each apply one event once' })
  consumer!: string;

  @PrimaryColumn({ type: 'uuid' })
  eventId!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  processedAt!: Date;
}

/** SQL for the two tables above; each service's first migration runs it in its own schema. */
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
