import { randomUUID } from 'node:crypto';
import { DynamicModule, Module } from '@nestjs/common';
import { DatabaseModule } from '@daybreak/database';
import {
  MESSAGING_TABLES_SQL,
  MessagingModule,
  MessagingRetentionJob,
  OutboxTraceContext1736000000000,
} from '@daybreak/messaging';
import { metricsRegistry } from '@daybreak/observability';
import {
  fakeEvent,
  queryTestDatabase,
  serviceUnderTest,
  startTestService,
  testServiceEnv,
} from '@daybreak/testing';
import { MigrationInterface, QueryRunner } from 'typeorm';

/** Served outbox and inbox rows go after their retention; what may still be needed stays. */
const SCHEMA = 'messaging_retention';

class MessagingTables1700000000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    for (const sql of MESSAGING_TABLES_SQL) await queryRunner.query(sql);
  }
  async down(): Promise<void> {}
}

function retentionService(): DynamicModule {
  const env = testServiceEnv();
  @Module({})
  class RetentionModule {}
  return {
    module: RetentionModule,
    imports: [
      DatabaseModule.forService({
        service: SCHEMA,
        url: env.DATABASE_URL!,
        entities: [],
        migrations: [MessagingTables1700000000000, OutboxTraceContext1736000000000],
      }),
      MessagingModule.forService({
        service: SCHEMA,
        brokers: env.KAFKA_BROKERS!.split(','),
        topicPrefix: env.KAFKA_TOPIC_PREFIX,
        retention: { outboxDays: 7, inboxDays: 15 },
      }),
    ],
  };
}

/** An outbox row created and (unless null) published that many days ago; answers its event id. */
async function outboxRow(createdDaysAgo: number, publishedDaysAgo: number | null): Promise<string> {
  const event = fakeEvent('post.liked');
  await queryTestDatabase(
    `INSERT INTO "${SCHEMA}".outbox (event_id, topic, message_key, envelope, created_at, published_at)
     VALUES ($1, 'post.liked.v1', $2, $3, now() - make_interval(days => $4),
             now() - make_interval(days => $5))`,
    [event.eventId, event.payload.postId, JSON.stringify(event), createdDaysAgo, publishedDaysAgo],
  );
  return event.eventId;
}

async function inboxRow(processedDaysAgo: number): Promise<string> {
  const eventId = randomUUID();
  await queryTestDatabase(
    `INSERT INTO "${SCHEMA}".processed_events (consumer, event_id, processed_at)
     VALUES ('counter', $1, now() - make_interval(days => $2))`,
    [eventId, processedDaysAgo],
  );
  return eventId;
}

async function remaining(table: 'outbox' | 'processed_events', eventIds: string[]): Promise<string[]> {
  const rows = await queryTestDatabase<{ event_id: string }>(
    `SELECT event_id FROM "${SCHEMA}".${table} WHERE event_id = ANY($1::uuid[])`,
    [eventIds],
  );
  return eventIds.filter((id) => rows.some((row) => row.event_id === id));
}

async function gauge(table: string): Promise<number | undefined> {
  const metrics = await metricsRegistry.getSingleMetricAsString('messaging_table_rows');
  const line = metrics
    .split('\n')
    .find((entry) => entry.includes(`service="${SCHEMA}"`) && entry.includes(`table="${table}"`));
  return line ? Number(line.split(' ').at(-1)) : undefined;
}

describe('messaging: retention of served outbox and inbox rows (real Postgres)', () => {
  const service = serviceUnderTest(() => startTestService(SCHEMA, retentionService()));

  it('deletes published outbox rows after 7 days and inbox rows after 15, never an unsent event, and counts the rows', async () => {
    const oldPublished = await outboxRow(9, 8);
    const recentPublished = await outboxRow(6, 6);
    // Created long ago and never sent (Kafka was away): an event still to deliver.
    const oldUnsent = await outboxRow(30, null);
    const oldProcessed = await inboxRow(16);
    const processedWithinRetention = await inboxRow(10);

    const deleted = await service().app.get(MessagingRetentionJob).prune();

    expect(deleted).toEqual({ outbox: 1, inbox: 1 });
    expect(await remaining('outbox', [oldPublished, recentPublished, oldUnsent])).toEqual([
      recentPublished,
      oldUnsent,
    ]);
    expect(await remaining('processed_events', [oldProcessed, processedWithinRetention])).toEqual([
      processedWithinRetention,
    ]);
    expect(await gauge('outbox')).toBe(2);
    expect(await gauge('processed_events')).toBe(1);
  });
});
