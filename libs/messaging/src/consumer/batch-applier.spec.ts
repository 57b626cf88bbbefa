import { randomBytes, randomUUID } from 'node:crypto';
import type { LoggerService } from '@nestjs/common';
import type { MessageHandler } from '@nestjs/microservices';
import { EventOf, createEvent } from '@daybreak/contracts';
import { activeTraceIds } from '@daybreak/observability';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import type { KafkaMessage } from 'kafkajs';
import type { UnitOfWork } from '../outbox/unit-of-work';
import { BatchApplier } from './batch-applier';
import type { Delivery } from './delivery';
import { FailedAttempts } from './failed-attempts';
import { inboxKey } from './inbox';

// A real tracing SDK (W3C propagation, async context, every trace kept), as register.ts sets up.
const spans = new InMemorySpanExporter();
const tracing = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(spans)] });
tracing.register();
afterEach(() => spans.reset());
afterAll(() => tracing.shutdown());

/** What a handler wrote in a transaction: `consumer:post`. */
type FakeTransaction = { effects: string[] };

/**
 * Just enough of a database for the applier: transactions that commit their handlers' effects and
 * inbox claims together, or nothing when their work throws.
 */
class FakeDatabase {
  readonly inbox = new Set<string>();
  /** The effects of each committed transaction that wrote any, in commit order. */
  readonly committed: string[][] = [];
  /** The span each committed transaction's commit and after-commit work ran in. */
  readonly committedInSpan: (string | undefined)[] = [];

  readonly unitOfWork = {
    run: async <T>(work: (tx: unknown) => Promise<T>): Promise<T> => {
      const claims = new Set<string>();
      const claim = (consumer: string, eventId: string) => {
        const key = inboxKey(consumer, eventId);
        if (this.inbox.has(key) || claims.has(key)) return false;
        claims.add(key);
        return true;
      };
      // queryNamed sends the inbox's statements to the driver's pool.
      const pool = {
        query: ({ name, values }: { name: string; values: string[][] | string[] }) => {
          if (name === 'inbox_claim')
            return { rows: claim(values[0] as string, values[1] as string) ? [{}] : [] };
          const [consumers, eventIds] = values as string[][];
          const pairs = consumers.map((consumer, i) => ({ consumer, event_id: eventIds[i] }));
          return { rows: pairs.filter(({ consumer, event_id }) => claim(consumer, event_id)) };
        },
      };
      const tx = {
        manager: { query: () => Promise.resolve([]), connection: { driver: { master: pool } } },
        effects: [] as string[],
      };
      const result = await work(tx);
      for (const key of claims) this.inbox.add(key);
      if (tx.effects.length > 0) this.committed.push(tx.effects);
      this.committedInSpan.push(activeTraceIds()?.spanId);
      return result;
    },
  } as unknown as UnitOfWork;
}

/** Post ids named for reading: post('one') is a uuid that handlers record as `one`. */
const postNames = new Map<string, string>();
function post(name: string): string {
  const postId = randomUUID();
  postNames.set(postId, name);
  return postId;
}

/** A handler that records `consumer:post`, and throws for the posts in `failing`. */
function handler(consumer: string, failing = new Set<string>(), alone = false) {
  const handle = (event: EventOf<'post.liked'>, tx: FakeTransaction) => {
    tx.effects.push(`${consumer}:${postNames.get(event.payload.postId)}`);
    if (failing.has(event.payload.postId))
      throw new Error(`${consumer} fails on ${postNames.get(event.payload.postId)}`);
    return Promise.resolve();
  };
  return {
    event: 'post.liked' as const,
    consumer,
    handler: handle as unknown as MessageHandler,
    ...(alone ? { alone: true as const } : {}),
  };
}

let offset = 0;
function delivery(
  postId: string,
  handlers: ReturnType<typeof handler>[],
  partition = 0,
  headers: KafkaMessage['headers'] = {},
): Delivery {
  const event = createEvent(
    'post.liked',
    { postId, postAuthorId: randomUUID(), likerId: randomUUID() },
    { producer: 'posts', actorId: null, correlationId: 'test' },
  );
  const message = { offset: String(offset++), headers } as KafkaMessage;
  return { topic: 'post.liked.v1', partition, message, event, handlers, resolve: jest.fn() };
}

function setup(maxAttempts?: number) {
  const database = new FakeDatabase();
  const deadLetters = { send: jest.fn().mockResolvedValue(undefined) };
  const logger: LoggerService = { log: jest.fn(), warn: jest.fn(), error: jest.fn() };
  const applier = new BatchApplier({
    unitOfWork: database.unitOfWork,
    groupId: 'test',
    deadLetters,
    failedAttempts: new FailedAttempts(maxAttempts),
    logger,
  });
  const transactions = () => database.committed;
  return { database, applier, deadLetters, transactions };
}

describe('BatchApplier', () => {
  it("applies a run of events in one transaction, in order, each of the event's handlers once", async () => {
    const { applier, transactions } = setup();
    const handlers = [handler('a'), handler('b')];
    const deliveries = [delivery(post('one'), handlers), delivery(post('two'), handlers)];

    const failures = await applier.apply(deliveries);

    expect(failures.size).toBe(0);
    expect(transactions()).toEqual([['a:one', 'b:one', 'a:two', 'b:two']]);
    for (const { resolve } of deliveries) expect(resolve).not.toHaveBeenCalled(); // resolved with their slice
  });

  it('skips what the inbox already has, and applies an event delivered twice in a run once', async () => {
    const { applier, database, transactions } = setup();
    const handlers = [handler('a'), handler('b')];
    const seen = delivery(post('seen'), handlers);
    database.inbox.add(inboxKey('a', seen.event.eventId));
    const twice = delivery(post('twice'), handlers);

    await applier.apply([seen, twice, { ...twice }]);

    expect(transactions()).toEqual([['b:seen', 'a:twice', 'b:twice']]);
  });

  it('applies an event with an `alone` handler in a transaction of its own, between the runs around it', async () => {
    const { applier, transactions } = setup();
    const shared = [handler('a')];

    await applier.apply([
      delivery(post('one'), shared),
      delivery(post('two'), shared),
      delivery(post('fan-out'), [handler('a', new Set(), true)]),
      delivery(post('three'), shared),
    ]);

    expect(transactions()).toEqual([['a:one', 'a:two'], ['a:fan-out'], ['a:three']]);
  });

  it("when the run's transaction fails, keeps nothing of it, applies each event on its own, and stops only the failing partition", async () => {
    const { applier, transactions } = setup();
    const bad = post('bad');
    const handlers = [handler('a', new Set([bad]))];
    const before = delivery(post('before'), handlers, 0);
    const failing = delivery(bad, handlers, 0);
    const after = delivery(post('after'), handlers, 0);
    const other = delivery(post('other'), handlers, 1);

    const failures = await applier.apply([before, failing, other, after]);

    expect(transactions()).toEqual([['a:before'], ['a:other']]);
    expect([...failures.keys()]).toEqual(['post.liked.v1[0]']);
    expect(failures.get('post.liked.v1[0]')?.error).toEqual(new Error('a fails on bad'));
    expect(before.resolve).toHaveBeenCalled();
    expect(other.resolve).toHaveBeenCalled();
    expect(failing.resolve).not.toHaveBeenCalled();
    expect(after.resolve).not.toHaveBeenCalled();
  });

  it('dead-letters an event that failed its last attempt on its own, and goes on with its partition', async () => {
    const { applier, deadLetters, transactions } = setup(2);
    const bad = post('bad');
    const handlers = [handler('a', new Set([bad]))];
    const failing = delivery(bad, handlers);

    expect((await applier.apply([failing])).size).toBe(1);
    expect(deadLetters.send).not.toHaveBeenCalled();

    const after = delivery(post('after'), handlers);
    expect((await applier.apply([failing, after])).size).toBe(0);
    expect(deadLetters.send).toHaveBeenCalledWith(
      expect.objectContaining({ message: failing.message, reason: 'handler_failed', attempts: 2 }),
    );
    expect(failing.resolve).toHaveBeenCalled();
    expect(transactions()).toEqual([['a:after']]);
  });

  it("never dead-letters an event for the database's failure", async () => {
    const { applier, deadLetters } = setup(1);
    const lostConnection = Object.assign(new Error('Connection terminated unexpectedly'), { code: '08006' });
    const flaky = {
      ...handler('a'),
      handler: (() => Promise.reject(lostConnection)) as unknown as MessageHandler,
    };

    for (let attempt = 0; attempt < 3; attempt++)
      expect((await applier.apply([delivery(post('one'), [flaky])])).size).toBe(1);
    expect(deadLetters.send).not.toHaveBeenCalled();
  });

  it("traces a run's transaction as a batch, linked to each event's publish span; each event's handling stays in its own trace", async () => {
    const { applier, database } = setup();
    const published = [randomSpanId(), randomSpanId()].map((spanId) => ({
      traceId: randomBytes(16).toString('hex'),
      spanId,
    }));
    const deliveries = published.map(({ traceId, spanId }) =>
      delivery(post('one'), [handler('a')], 0, { traceparent: Buffer.from(`00-${traceId}-${spanId}-01`) }),
    );

    await applier.apply(deliveries);

    const finished = spans.getFinishedSpans();
    const batch = finished.find(({ name }) => name === 'test process batch');
    expect(batch?.parentSpanContext).toBeUndefined();
    expect(batch?.links.map(({ context }) => context)).toMatchObject(published);
    // Its commit and after-commit work (one Redis write for the run, say) are the batch's.
    expect(database.committedInSpan).toEqual([batch?.spanContext().spanId]);
    const processed = finished.filter(({ name }) => name === 'post.liked.v1 process');
    expect(processed.map((span) => span.parentSpanContext)).toMatchObject(published);
  });

  it('traces an event applied on its own, with its commit and after-commit work, in its process span', async () => {
    const { applier, database } = setup();
    const traceId = randomBytes(16).toString('hex');
    const publishSpanId = randomSpanId();

    await applier.apply([
      delivery(post('one'), [handler('a')], 0, {
        traceparent: Buffer.from(`00-${traceId}-${publishSpanId}-01`),
      }),
    ]);

    const [processed] = spans.getFinishedSpans();
    expect(processed.name).toBe('post.liked.v1 process');
    expect(processed.parentSpanContext).toMatchObject({ traceId, spanId: publishSpanId });
    expect(database.committedInSpan).toEqual([processed.spanContext().spanId]);
  });
});

function randomSpanId(): string {
  return randomBytes(8).toString('hex');
}
