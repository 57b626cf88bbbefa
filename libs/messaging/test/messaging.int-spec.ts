import { Controller, DynamicModule, Injectable, Module } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { DatabaseModule } from '@daybreak/database';
import {
  EventOf,
  MESSAGING_TABLES_SQL,
  OutboxTraceContext1736000000000,
  MessagingModule,
  OnEvent,
  Transaction,
} from '@daybreak/messaging';
import {
  fakeEvent,
  publishTestEvent,
  publishTestEvents,
  queryTestDatabase,
  serviceUnderTest,
  startTestService,
  testServiceEnv,
  waitForConsumed,
} from '@daybreak/testing';
import { metricsRegistry } from '@daybreak/observability';
import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The messaging library's promise, with an effect that is not idempotent by itself (a counter):
 * whatever Kafka redelivers, each handler applies each event once.
 */

/** Failures a test asks the handler to throw, after it has already written its effect. */
@Injectable()
class InjectedFailures {
  private readonly left = new Map<string, number>();
  attempts = new Map<string, number>();

  failNext(postId: string, times: number): void {
    this.left.set(postId, times);
  }

  /** Counts the attempt, and throws while failures are left for this post. */
  maybeFail(postId: string): void {
    this.attempts.set(postId, (this.attempts.get(postId) ?? 0) + 1);
    const left = this.left.get(postId) ?? 0;
    if (left === 0) return;
    this.left.set(postId, left - 1);
    throw new Error(`injected failure for ${postId}`);
  }
}

/** The effect both handlers apply: one more event seen for the post (not idempotent by itself). */
async function countSeen(tx: Transaction, postId: string): Promise<void> {
  await tx.manager.query(
    `INSERT INTO like_counts (post_id, seen) VALUES ($1, 1)
     ON CONFLICT (post_id) DO UPDATE SET seen = like_counts.seen + 1`,
    [postId],
  );
}

@Controller()
class LikeCounter {
  constructor(private readonly failures: InjectedFailures) {}

  @OnEvent('post.liked')
  async onLiked(@Payload() event: EventOf<'post.liked'>, @Ctx() tx: Transaction): Promise<void> {
    await countSeen(tx, event.payload.postId);
    this.failures.maybeFail(event.payload.postId);
  }
}

/** Counts unlikes, each in a transaction of its own (`alone`). */
@Controller()
class UnlikeCounter {
  @OnEvent('post.unliked', { alone: true })
  onUnliked(@Payload() event: EventOf<'post.unliked'>, @Ctx() tx: Transaction): Promise<void> {
    return countSeen(tx, event.payload.postId);
  }
}

/** The comments a transaction's events name, written by one statement before it commits. */
const COMMENTED_POSTS = Symbol('commented posts');

/**
 * Counts comments the way a handler that gathers its transaction's events does: each event is
 * gathered, and one statement writes them all before the transaction commits.
 */
@Controller()
class CommentCounter {
  constructor(private readonly failures: InjectedFailures) {}

  @OnEvent('comment.created')
  onCommented(@Payload() event: EventOf<'comment.created'>, @Ctx() tx: Transaction): void {
    tx.gather(COMMENTED_POSTS, (postIds: string[]) => this.write(tx, postIds)).push(event.payload.postId);
  }

  private async write(tx: Transaction, postIds: string[]): Promise<void> {
    await tx.manager.query(
      `INSERT INTO like_counts (post_id, seen)
       SELECT post_id, count(*) FROM unnest($1::uuid[]) AS ids (post_id) GROUP BY post_id
       ON CONFLICT (post_id) DO UPDATE SET seen = like_counts.seen + excluded.seen`,
      [postIds],
    );
    for (const postId of new Set(postIds)) this.failures.maybeFail(postId);
  }
}

class CounterTables1700000000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    for (const sql of MESSAGING_TABLES_SQL) await queryRunner.query(sql);
    await queryRunner.query(`CREATE TABLE like_counts (post_id uuid PRIMARY KEY, seen int NOT NULL)`);
  }
  async down(): Promise<void> {}
}

/** A minimal service (its own schema and consumer group) whose one handler counts likes. */
function counterService(schema: string): DynamicModule {
  const env = testServiceEnv();
  @Module({})
  class CounterModule {}
  return {
    module: CounterModule,
    imports: [
      DatabaseModule.forService({
        service: schema,
        url: env.DATABASE_URL!,
        entities: [],
        migrations: [CounterTables1700000000000, OutboxTraceContext1736000000000],
      }),
      MessagingModule.forService({
        service: schema,
        brokers: env.KAFKA_BROKERS!.split(','),
        topicPrefix: env.KAFKA_TOPIC_PREFIX,
      }),
    ],
    controllers: [LikeCounter, UnlikeCounter, CommentCounter],
    providers: [InjectedFailures],
  };
}

async function seenBy(schema: string, postId: string): Promise<number> {
  const [row] = await queryTestDatabase<{ seen: number }>(
    `SELECT seen FROM "${schema}".like_counts WHERE post_id = $1`,
    [postId],
  );
  return row?.seen ?? 0;
}

describe('messaging: each handler applies each event once (real Postgres and Kafka)', () => {
  // Two services side by side (each its own schema and consumer group), started and stopped together.
  const services = serviceUnderTest(async () => {
    const fastRetries = { retries: 5, initialRetryTime: 100, maxRetryTime: 300 };
    const [first, second] = await Promise.all([
      startTestService('messaging_first', counterService('messaging_first'), {
        consumes: true,
        consumerRetry: fastRetries,
      }),
      startTestService('messaging_second', counterService('messaging_second'), {
        consumes: true,
        consumerRetry: fastRetries,
      }),
    ]);
    return {
      first,
      stop: async () => {
        await Promise.all([services().first.app.close(), second.app.close()]);
      },
    };
  });

  it('applies an event delivered twice on the same partition once', async () => {
    const liked = fakeEvent('post.liked');

    await publishTestEvent(liked);
    await publishTestEvent(liked);
    // Same key, so same partition: once the marker is applied, both copies before it were handled.
    const marker = await publishTestEvent(fakeEvent('post.liked', { postId: liked.payload.postId }));
    await waitForConsumed('messaging_first', marker.eventId);

    expect(await seenBy('messaging_first', liked.payload.postId)).toBe(2); // the event and the marker
  });

  it('applies an event delivered twice on different partitions once', async () => {
    const liked = fakeEvent('post.liked');

    await publishTestEvent(liked, { partition: 0 });
    await publishTestEvent(liked, { partition: 3 });
    const markers = await Promise.all(
      [0, 3].map((partition) => publishTestEvent(fakeEvent('post.liked'), { partition })),
    );
    for (const marker of markers) await waitForConsumed('messaging_first', marker.eventId);

    expect(await seenBy('messaging_first', liked.payload.postId)).toBe(1);
  });

  it('lets each consumer group apply the event once', async () => {
    const liked = fakeEvent('post.liked');

    await publishTestEvent(liked);
    await publishTestEvent(liked);
    const marker = await publishTestEvent(fakeEvent('post.liked', { postId: liked.payload.postId }));
    await Promise.all([
      waitForConsumed('messaging_first', marker.eventId),
      waitForConsumed('messaging_second', marker.eventId),
    ]);

    expect(await seenBy('messaging_first', liked.payload.postId)).toBe(2);
    expect(await seenBy('messaging_second', liked.payload.postId)).toBe(2);
  });

  it('leaves no trace of a handler that throws halfway, and retries it', async () => {
    const liked = fakeEvent('post.liked');
    const failures = services().first.app.get(InjectedFailures);
    failures.failNext(liked.payload.postId, 2);

    await publishTestEvent(liked);
    await waitForConsumed('messaging_first', liked.eventId);

    expect(failures.attempts.get(liked.payload.postId)).toBe(3);
    expect(await seenBy('messaging_first', liked.payload.postId)).toBe(1);
  });

  it('applies the events of one fetched batch in one transaction', async () => {
    const postId = fakeEvent('post.liked').payload.postId;
    const likes = Array.from({ length: 5 }, () => fakeEvent('post.liked', { postId }));

    await publishTestEvents(likes);
    await waitForConsumed('messaging_first', likes[4].eventId);

    expect(await seenBy('messaging_first', postId)).toBe(5);
    // The inbox stamps each row with now(), the time its transaction began.
    expect(await transactionsOf('messaging_first', likes)).toBe(1);
  });

  it('applies the batches of the partitions fetched together in one transaction', async () => {
    // Keyed by their posts, so spread over the topic's partitions, and sent in one request.
    const likes = Array.from({ length: 12 }, () => fakeEvent('post.liked'));

    const written = await publishTestEvents(likes);
    for (const like of likes) await waitForConsumed('messaging_first', like.eventId);

    for (const like of likes) expect(await seenBy('messaging_first', like.payload.postId)).toBe(1);
    expect(new Set(written.map(({ partition }) => partition)).size).toBeGreaterThanOrEqual(3);
    // One transaction a fetch, not one a partition (a fetch may come while the request is being written).
    expect(await transactionsOf('messaging_first', likes)).toBeLessThanOrEqual(2);
  });

  it("applies each event of an `alone` handler's batch in a transaction of its own, in order", async () => {
    const postId = fakeEvent('post.unliked').payload.postId;
    const unlikes = Array.from({ length: 3 }, () => fakeEvent('post.unliked', { postId }));

    await publishTestEvents(unlikes);
    await waitForConsumed('messaging_first', unlikes[2].eventId);

    expect(await seenBy('messaging_first', postId)).toBe(3);
    expect(await transactionsOf('messaging_first', unlikes)).toBe(3);
  });

  it('applies the events before a failing one, and retries the failing one alone', async () => {
    const [before, failing, after] = Array.from({ length: 3 }, () => fakeEvent('post.liked'));
    const failures = services().first.app.get(InjectedFailures);
    // Once in the batch's transaction, once on its own: the events before it commit, it is retried.
    failures.failNext(failing.payload.postId, 2);

    await publishTestEvents([before, failing, after], { partition: 1 });
    await waitForConsumed('messaging_first', after.eventId);

    for (const event of [before, failing, after])
      expect(await seenBy('messaging_first', event.payload.postId)).toBe(1);
    expect(failures.attempts.get(before.payload.postId)).toBe(2); // in the batch, then on its own
    expect(failures.attempts.get(failing.payload.postId)).toBe(3);
    expect(await transactionsOf('messaging_first', [before, failing, after])).toBe(2);
  });

  it("runs a handler's beforeCommit work once for the batch, in its transaction; when it fails, once per event", async () => {
    const postId = fakeEvent('comment.created').payload.postId;
    const comments = Array.from({ length: 4 }, () => fakeEvent('comment.created', { postId }));
    await publishTestEvents(comments);
    await waitForConsumed('messaging_first', comments[3].eventId);
    expect(await seenBy('messaging_first', postId)).toBe(4);
    expect(await transactionsOf('messaging_first', comments)).toBe(1);

    const failing = fakeEvent('comment.created').payload.postId;
    const more = Array.from({ length: 3 }, () => fakeEvent('comment.created', { postId: failing }));
    // The batch's write fails and rolls back; then each event is applied on its own.
    services().first.app.get(InjectedFailures).failNext(failing, 1);
    await publishTestEvents(more);
    await waitForConsumed('messaging_first', more[2].eventId);
    expect(await seenBy('messaging_first', failing)).toBe(3);
    expect(await transactionsOf('messaging_first', more)).toBe(3);
  });

  it('refuses an event whose producer does not own its type: logged, counted, not applied, not retried', async () => {
    const forged = fakeEvent('post.liked', {}, { producer: 'social' });
    const refusedBefore = await refusedCount('messaging_first');

    await publishTestEvent(forged);
    // Same key, so same partition: the marker is applied only once the partition got past the forgery.
    const marker = await publishTestEvent(fakeEvent('post.liked', { postId: forged.payload.postId }));
    await waitForConsumed('messaging_first', marker.eventId);

    expect(await seenBy('messaging_first', forged.payload.postId)).toBe(1); // the marker alone
    expect(await inboxHas('messaging_first', forged.eventId)).toBe(false);
    expect(await refusedCount('messaging_first')).toBe(refusedBefore + 1);
  });
});

/** The handler's `refused` count as the service's /metrics reports it. */
async function refusedCount(group: string): Promise<number> {
  const metrics = await metricsRegistry.getSingleMetricAsString('messaging_events_handled_total');
  const line = metrics
    .split('\n')
    .find((entry) => entry.includes(`group="${group}-int-test"`) && entry.includes('result="refused"'));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

/** In how many transactions the service's handler applied the events. */
async function transactionsOf(schema: string, events: readonly { eventId: string }[]): Promise<number> {
  const [row] = await queryTestDatabase<{ transactions: number }>(
    `SELECT count(DISTINCT processed_at)::int AS transactions FROM "${schema}".processed_events
     WHERE event_id = ANY($1::uuid[])`,
    [events.map((event) => event.eventId)],
  );
  return row.transactions;
}

async function inboxHas(schema: string, eventId: string): Promise<boolean> {
  const rows = await queryTestDatabase(`SELECT 1 FROM "${schema}".processed_events WHERE event_id = $1`, [
    eventId,
  ]);
  return rows.length > 0;
}
