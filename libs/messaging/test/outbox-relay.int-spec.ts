import { DynamicModule, Logger, Module } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { messageKeyOf, topicOf } from '@daybreak/contracts';
import { DatabaseModule } from '@daybreak/database';
import { MESSAGING_TABLES_SQL, MessagingModule, OutboxTraceContext1736000000000 } from '@daybreak/messaging';
import {
  fakeEvent,
  queryTestDatabase,
  serviceUnderTest,
  startTestService,
  testServiceEnv,
  waitFor,
} from '@daybreak/testing';
import { DataSource, MigrationInterface, QueryRunner } from 'typeorm';
import { OutboxSignal } from '../src/outbox/outbox-signal';
import { PACED_EVENTS_A_SECOND, ROUND_INTERVAL_MS } from '../src/pacer';

/**
 * The outbox relay's poll, for rows no commit signal announced (a service's other process wrote
 * them): it publishes them, and while the outbox is empty (most of the time) it costs one statement.
 */
const SCHEMA = 'relay_poll';
/** A service closed while its relay publishes a backlog. */
const CLOSING_SCHEMA = 'relay_closing';
/** A stream of commits faster than the relay paces. */
const PACING_SCHEMA = 'relay_pacing';

class MessagingTables1700000000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    for (const sql of MESSAGING_TABLES_SQL) await queryRunner.query(sql);
  }
  async down(): Promise<void> {}
}

/**
 * Writes an outbox row as a service's commit would (the relay is not told), through `query` (the
 * test's own connection, or a service's pool); resolves to its id.
 */
async function insertOutboxRow(
  query: (sql: string, params: unknown[]) => Promise<{ id: string }[]>,
  schema: string,
  event: ReturnType<typeof fakeEvent<'post.liked'>>,
) {
  const [{ id }] = await query(
    `INSERT INTO "${schema}".outbox (event_id, topic, message_key, envelope)
     VALUES ($1, $2, $3, $4) RETURNING id`,
    [event.eventId, topicOf('post.liked'), messageKeyOf('post.liked', event.payload), JSON.stringify(event)],
  );
  return id;
}

function relayOnlyService(schema = SCHEMA): DynamicModule {
  const env = testServiceEnv();
  @Module({})
  class RelayOnlyModule {}
  return {
    module: RelayOnlyModule,
    imports: [
      DatabaseModule.forService({
        service: schema,
        url: env.DATABASE_URL!,
        entities: [],
        migrations: [MessagingTables1700000000000, OutboxTraceContext1736000000000],
      }),
      MessagingModule.forService({
        service: schema,
        brokers: env.KAFKA_BROKERS!.split(','),
        topicPrefix: env.KAFKA_TOPIC_PREFIX,
      }),
    ],
  };
}

describe('outbox relay: the poll (real Postgres and Kafka)', () => {
  // Declared before the service, so the spies are restored before it stops.
  afterAll(() => jest.restoreAllMocks());
  const service = serviceUnderTest(() => startTestService(SCHEMA, relayOnlyService()));
  let dataSource: DataSource;

  beforeAll(() => {
    dataSource = service().app.get<DataSource>(getDataSourceToken());
  });

  it('looks at an empty outbox with one statement a round, without opening a transaction', async () => {
    const transactions = jest.spyOn(dataSource, 'transaction');
    const queries = jest.spyOn(dataSource, 'query');
    // Three rounds of the poll (every 500 ms).
    await waitFor(() => queries.mock.calls.length >= 3, { description: 'three polls' });
    expect(queries.mock.calls.every(([sql]) => /SELECT EXISTS/.test(sql))).toBe(true);
    expect(transactions).not.toHaveBeenCalled();
    transactions.mockRestore();
    queries.mockRestore();
  });

  it('publishes a row that another process committed, with no signal of its own', async () => {
    const id = await insertOutboxRow(queryTestDatabase, SCHEMA, fakeEvent('post.liked'));
    await waitFor(
      async () => {
        const [row] = await queryTestDatabase<{ published: boolean }>(
          `SELECT published_at IS NOT NULL AS published FROM "${SCHEMA}".outbox WHERE id = $1`,
          [id],
        );
        return row.published;
      },
      { description: 'the relay to publish the row' },
    );
  });
});

describe('outbox relay: a service closed while its relay publishes a backlog', () => {
  const countRows = async (where: string) => {
    const [{ count }] = await queryTestDatabase<{ count: number }>(
      `SELECT count(*)::int AS count FROM "${CLOSING_SCHEMA}".outbox WHERE ${where}`,
    );
    return count;
  };

  it('publishes the whole backlog before its database connection closes, and reports no failure', async () => {
    const service = await startTestService(CLOSING_SCHEMA, relayOnlyService(CLOSING_SCHEMA));
    const warnings = jest.spyOn(Logger.prototype, 'warn');
    let closing: Promise<void> | undefined;
    try {
      // Many batches of the relay's 200: the service closes while they are being published.
      const events = Array.from({ length: 4_000 }, () => fakeEvent('post.liked'));
      await queryTestDatabase(
        `INSERT INTO "${CLOSING_SCHEMA}".outbox (event_id, topic, message_key, envelope)
         SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::jsonb[])`,
        [
          events.map((event) => event.eventId),
          events.map(() => topicOf('post.liked')),
          events.map((event) => messageKeyOf('post.liked', event.payload)),
          events.map((event) => JSON.stringify(event)),
        ],
      );
      await waitFor(async () => (await countRows('published_at IS NOT NULL')) > 0, {
        description: 'the poll to start publishing the backlog',
      });
      closing = service.app.close();
      await closing;
      expect(await countRows('published_at IS NULL')).toBe(0);
      expect(warnings.mock.calls.flat().join('\n')).not.toContain('Outbox publish failed');
    } finally {
      warnings.mockRestore();
      await (closing ?? service.app.close());
    }
  });
});

describe('outbox relay: pacing a stream of commits (real Postgres and Kafka)', () => {
  const service = serviceUnderTest(() => startTestService(PACING_SCHEMA, relayOnlyService(PACING_SCHEMA)));

  /**
   * Once the relay has published this many, the rate it measures is well above
   * PACED_EVENTS_A_SECOND (it passes it after 50–80 here) and every round is paced.
   */
  const STEADY_AFTER = PACED_EVENTS_A_SECOND * 1.5;
  /** The relay's batch: a round takes at most this many, and a full one is followed at once. */
  const RELAY_BATCH = 200;
  /**
   * A round's rows share its transaction's `now()` as published_at: one round, one timestamp. Enough
   * commits for at least 4 paced drains even when each takes a whole batch, as on a busy machine
   * whose relay gets the CPU less often than the loop below commits (with 500, two sufficed).
   */
  const COMMITS = STEADY_AFTER + 4 * RELAY_BATCH;

  it('spaces its rounds by the pacing interval once commits come faster than it paces, each carrying several', async () => {
    const signal = service().app.get(OutboxSignal);
    const dataSource = service().app.get<DataSource>(getDataSourceToken());
    // Each commit signals the relay, as the unit of work does. One after another through the service's
    // pool they come about 2,000 a second here: far above PACED_EVENTS_A_SECOND, and long enough for
    // several paced rounds. As posts' events (fakeEvent's producer): the other tests' consumers of the
    // topic apply them rather than refuse and log each.
    for (let commit = 0; commit < COMMITS; commit++) {
      await insertOutboxRow(
        (sql, params) => dataSource.query(sql, params),
        PACING_SCHEMA,
        fakeEvent('post.liked'),
      );
      signal.committed();
    }
    await waitFor(
      async () => {
        const [{ unsent }] = await queryTestDatabase<{ unsent: number }>(
          `SELECT count(*)::int AS unsent FROM "${PACING_SCHEMA}".outbox WHERE published_at IS NULL`,
        );
        return unsent === 0;
      },
      { description: 'the relay to publish every commit' },
    );
    const rounds = await queryTestDatabase<{ at: number; events: number }>(
      `SELECT (extract(epoch FROM published_at) * 1000)::float8 AS at, count(*)::int AS events
       FROM "${PACING_SCHEMA}".outbox GROUP BY published_at ORDER BY published_at`,
    );
    expect(rounds.reduce((sum, round) => sum + round.events, 0)).toBe(COMMITS);

    // Once steady, a drain waits for the interval since the one before began (less what passes
    // between a round's start and its transaction's: half the interval is the bound checked). A drain
    // is one round, or several back to back when each took the relay's whole batch (a busy machine's
    // relay falls behind the loop above): the rounds after a full one are the same drain's.
    let before = 0;
    const drains: { at: number; events: number }[] = [];
    rounds.forEach((round, index) => {
      const steady = before >= STEADY_AFTER;
      before += round.events;
      if (!steady) return;
      const continuesDrain = index > 0 && rounds[index - 1].events === RELAY_BATCH && drains.length > 0;
      if (continuesDrain) drains[drains.length - 1].events += round.events;
      else drains.push({ ...round });
    });
    expect(drains.length).toBeGreaterThanOrEqual(3);
    const gaps = drains.slice(1).map((drain, index) => drain.at - drains[index].at);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(ROUND_INTERVAL_MS / 2);
    // And so a paced drain carries what several commits queued meanwhile.
    const events = drains.reduce((sum, drain) => sum + drain.events, 0);
    expect(events / drains.length).toBeGreaterThan(2);
  });
});
