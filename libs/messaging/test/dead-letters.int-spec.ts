import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { Controller, DynamicModule, Injectable, Module } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { DatabaseModule } from '@daybreak/database';
import {
  EventOf,
  MESSAGING_TABLES_SQL,
  MessagingModule,
  OnEvent,
  OutboxTraceContext1736000000000,
  Transaction,
} from '@daybreak/messaging';
import { metricsRegistry } from '@daybreak/observability';
import {
  fakeEvent,
  publishRawTestMessage,
  publishTestEvent,
  queryTestDatabase,
  repoRoot,
  serviceUnderTest,
  startTestService,
  testServiceEnv,
  waitForConsumed,
  waitForDeadLetter,
} from '@daybreak/testing';
import { MigrationInterface, QueryRunner } from 'typeorm';
import { DEFAULT_MAX_ATTEMPTS } from '../src/consumer/failed-attempts';

/**
 * Events a consumer can never apply (a handler that always throws on one, a message that is not an
 * event) go to their topic's dead-letter topic after a bounded number of attempts, and the partition
 * goes on with the events after them.
 */
const SCHEMA = 'dead_letters';

/** Events whose handler always throws, and how many times it was called for each. */
@Injectable()
class Poison {
  readonly eventIds = new Set<string>();
  readonly calls = new Map<string, number>();
}

@Controller()
class LikeRecorder {
  constructor(private readonly poison: Poison) {}

  @OnEvent('post.liked')
  async onLiked(@Payload() event: EventOf<'post.liked'>, @Ctx() tx: Transaction): Promise<void> {
    this.poison.calls.set(event.eventId, (this.poison.calls.get(event.eventId) ?? 0) + 1);
    await tx.manager.query(`INSERT INTO likes_seen (event_id) VALUES ($1)`, [event.eventId]);
    if (this.poison.eventIds.has(event.eventId)) throw new Error(`poisoned like ${event.eventId}`);
  }
}

class LikesSeen1700000000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    for (const sql of MESSAGING_TABLES_SQL) await queryRunner.query(sql);
    await queryRunner.query(`CREATE TABLE likes_seen (event_id uuid PRIMARY KEY)`);
  }
  async down(): Promise<void> {}
}

function likeRecorderService(): DynamicModule {
  const env = testServiceEnv();
  @Module({})
  class LikeRecorderModule {}
  return {
    module: LikeRecorderModule,
    imports: [
      DatabaseModule.forService({
        service: SCHEMA,
        url: env.DATABASE_URL!,
        entities: [],
        migrations: [LikesSeen1700000000000, OutboxTraceContext1736000000000],
      }),
      MessagingModule.forService({
        service: SCHEMA,
        brokers: env.KAFKA_BROKERS!.split(','),
        topicPrefix: env.KAFKA_TOPIC_PREFIX,
      }),
    ],
    controllers: [LikeRecorder],
    providers: [Poison],
  };
}

/** scripts/replay-dlq.mjs on the integration tests' topic of likes, for this file's group. */
async function replayDeadLetters(): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      'scripts/replay-dlq.mjs',
      'int.post.liked.v1',
      '--group',
      `${SCHEMA}-int-test`,
      '--reason',
      'handler_failed',
    ],
    { cwd: repoRoot(), env: process.env },
  );
  return stdout;
}

async function seen(eventId: string): Promise<boolean> {
  const rows = await queryTestDatabase(`SELECT 1 FROM "${SCHEMA}".likes_seen WHERE event_id = $1`, [eventId]);
  return rows.length > 0;
}

/** This file's dead letters as the service's /metrics counts them. */
async function deadLetterCount(reason: string): Promise<number> {
  const metrics = await metricsRegistry.getSingleMetricAsString('messaging_dead_letters_total');
  const line = metrics
    .split('\n')
    .find((entry) => entry.includes(`group="${SCHEMA}-int-test"`) && entry.includes(`reason="${reason}"`));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

describe('messaging: dead letters (real Postgres and Kafka)', () => {
  const service = serviceUnderTest(() =>
    startTestService(SCHEMA, likeRecorderService(), {
      consumes: true,
      caughtUp: true,
      consumerRetry: { retries: 10, initialRetryTime: 100, maxRetryTime: 400 },
    }),
  );

  it('sends an event whose handler always throws to <topic>.dlq after the last attempt, and applies the events after it', async () => {
    const poisoned = fakeEvent('post.liked');
    const poison = service().app.get(Poison);
    poison.eventIds.add(poisoned.eventId);
    const before = await deadLetterCount('handler_failed');

    await publishTestEvent(poisoned);
    // Same key, so same partition: applied only once the partition got past the poisoned event.
    const after = await publishTestEvent(fakeEvent('post.liked', { postId: poisoned.payload.postId }));
    await waitForConsumed(SCHEMA, after.eventId);

    const letter = await waitForDeadLetter('post.liked', ({ value }) => value.includes(poisoned.eventId));
    expect(JSON.parse(letter.value)).toEqual(poisoned);
    expect(letter.key).toBe(poisoned.payload.postId);
    expect(letter.headers).toMatchObject({
      'dlq-reason': 'handler_failed',
      'dlq-error': `poisoned like ${poisoned.eventId}`,
      'dlq-attempts': String(DEFAULT_MAX_ATTEMPTS),
      'dlq-group': `${SCHEMA}-int-test`,
      'dlq-source-topic': 'int.post.liked.v1',
    });
    expect(poison.calls.get(poisoned.eventId)).toBeGreaterThanOrEqual(DEFAULT_MAX_ATTEMPTS);
    expect(await seen(poisoned.eventId)).toBe(false); // every attempt rolled back
    expect(await seen(after.eventId)).toBe(true);
    expect(await deadLetterCount('handler_failed')).toBe(before + 1);
  });

  it('sends messages that are not JSON or break their contract to <topic>.dlq, and applies the events after them', async () => {
    const valid = fakeEvent('post.liked');
    const key = valid.payload.postId;
    const brokenContract = JSON.stringify({ ...fakeEvent('post.liked'), payload: { postId: 'nope' } });
    const before = await deadLetterCount('malformed');

    await publishRawTestMessage('post.liked', key, `not json ${valid.eventId}`);
    await publishRawTestMessage('post.liked', key, brokenContract);
    await publishTestEvent(valid);
    await waitForConsumed(SCHEMA, valid.eventId);

    const notJson = await waitForDeadLetter('post.liked', ({ value }) => value.includes(valid.eventId));
    expect(notJson.headers).toMatchObject({ 'dlq-reason': 'malformed', 'dlq-attempts': '1' });
    expect(notJson.headers['dlq-error']).toMatch(/JSON/);
    const broken = await waitForDeadLetter('post.liked', ({ value }) => value === brokenContract);
    expect(broken.headers).toMatchObject({
      'dlq-reason': 'malformed',
      'dlq-source-topic': 'int.post.liked.v1',
    });
    expect(broken.headers['dlq-error']).toMatch(/postId/);
    expect(await deadLetterCount('malformed')).toBe(before + 2);
  });

  it('applies a dead letter that scripts/replay-dlq.mjs sends back once its handler is fixed', async () => {
    const poisoned = fakeEvent('post.liked');
    const poison = service().app.get(Poison);
    poison.eventIds.add(poisoned.eventId);
    await publishTestEvent(poisoned);
    await waitForDeadLetter('post.liked', ({ value }) => value.includes(poisoned.eventId));

    poison.eventIds.clear(); // the handler's fix is deployed
    const output = await replayDeadLetters();
    await waitForConsumed(SCHEMA, poisoned.eventId);

    expect(output).toMatch(/[1-9]\d* dead letter\(s\) sent back to int.post.liked.v1/);
    expect(await seen(poisoned.eventId)).toBe(true);
    // Its own group's position moved past what it sent: a second run sends nothing again.
    expect(await replayDeadLetters()).toContain('0 dead letter(s) sent back');
  });
});
