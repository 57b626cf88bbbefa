import {
  BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { queryNamed } from '@daybreak/database';
import { Span, onScrape, outboxOldestAge, outsideAnyTrace, outboxUnsent } from '@daybreak/observability';
import { Kafka } from 'kafkajs';
import { DataSource } from 'typeorm';
import { KAFKA } from '../tokens';
import { TopicNames } from '../topics';
import { Pacer } from '../pacer';
import { groupByTopic } from './outbox-messages';
import { OutboxSignal } from './outbox-signal';
import { ANY_UNSENT_SQL, BACKLOG_SQL, MARK_SENT, OutboxRow, RELAY_LOCK, UNSENT_ROWS } from './outbox.queries';
import { RelayProducer } from './relay-producer';
import { SERVICE_NAME } from './unit-of-work';

const BATCH_SIZE = 200;
const POLL_INTERVAL_MS = 500;
const MAX_BACKOFF_MS = 5000;

/**
 * Publishes outbox rows to Kafka and marks them sent. If Kafka is down the rows wait; the relay keeps
 * retrying with backoff and catches up when the broker is back. Delivery is at-least-once: a crash
 * between send and mark re-sends, which idempotent consumers absorb.
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(OutboxRelay.name);
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private draining: Promise<void> | null = null;
  private rerun = false;
  private failures = 0;
  private unsubscribe: (() => void) | null = null;
  private stopMetrics: (() => void) | null = null;
  /** Under load, a round publishes what several commits queued, not each commit's events alone. */
  private readonly pacer = new Pacer();
  private readonly producer: RelayProducer;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(KAFKA) kafka: Kafka,
    private readonly signal: OutboxSignal,
    private readonly topics: TopicNames,
    @Inject(SERVICE_NAME) private readonly serviceName: string,
  ) {
    this.producer = new RelayProducer(kafka);
  }

  onApplicationBootstrap(): void {
    this.running = true;
    this.stopMetrics = onScrape(() => this.measureBacklog());
    // A commit signals from inside a request's trace; the relay's loop must not stay in that trace
    // (every later poll would join it), so it runs outside any.
    this.unsubscribe = this.signal.onCommitted(() => outsideAnyTrace(() => this.trigger()));
    this.schedule(0);
  }

  /**
   * Stops before any module's onApplicationShutdown: TypeORM's closes the database connection there,
   * and a batch still being published then failed ("Driver not Connected") and was logged as a
   * Kafka failure.
   */
  async beforeApplicationShutdown(): Promise<void> {
    this.running = false;
    this.unsubscribe?.();
    this.stopMetrics?.();
    if (this.timer) clearTimeout(this.timer);
    await this.draining;
    await this.producer.reset();
  }

  /** Publishes everything pending now; resolves when the outbox is empty (used by tests and shutdown). */
  async flush(): Promise<void> {
    await this.drain();
  }

  /** The outbox backlog gauges: rows waiting and the age of the oldest (rising while Kafka is down). */
  private async measureBacklog(): Promise<void> {
    const [{ unsent, oldest }] = (await this.dataSource.query(BACKLOG_SQL)) as {
      unsent: number;
      oldest: number;
    }[];
    outboxUnsent.set({ service: this.serviceName }, unsent);
    outboxOldestAge.set({ service: this.serviceName }, oldest);
  }

  private trigger(): void {
    if (this.draining) this.rerun = true;
    else void this.drain();
  }

  private schedule(delayMs: number): void {
    if (!this.running) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.poll(), delayMs);
  }

  /**
   * The timer's round, for rows no commit signal announced (another process committed them, or a
   * drain here gave way to it). The outbox is empty most of the time, so the poll looks first with
   * one statement, and opens the relay's transaction (four statements) only when a row waits. After
   * a failure it goes straight to the drain, which counts the failures and backs off.
   */
  private async poll(): Promise<void> {
    const waiting =
      this.failures > 0 ||
      (await this.dataSource.query(ANY_UNSENT_SQL).then(
        ([row]: { waiting: boolean }[]) => row.waiting,
        () => true,
      ));
    if (!this.running) return;
    if (waiting) this.trigger();
    else this.schedule(POLL_INTERVAL_MS);
  }

  private drain(): Promise<void> {
    if (this.draining) return this.draining;
    this.draining = (async () => {
      try {
        do {
          this.rerun = false;
          await this.pacer.untilNext();
          this.pacer.begin();
          let published: number;
          do {
            published = await this.publishBatch();
            this.pacer.count(published);
          } while (published === BATCH_SIZE);
        } while (this.rerun);
        if (this.failures > 0) this.logger.log(`Kafka reachable again; outbox caught up`);
        this.failures = 0;
      } catch (error) {
        this.failures += 1;
        await this.producer.reset();
        if (this.failures === 1)
          this.logger.warn(`Outbox publish failed, will retry: ${(error as Error).message}`);
      } finally {
        this.draining = null;
        const backoff = Math.min(POLL_INTERVAL_MS * 2 ** Math.max(0, this.failures - 1), MAX_BACKOFF_MS);
        this.schedule(this.failures > 0 ? backoff : POLL_INTERVAL_MS);
      }
    })();
    return this.draining;
  }

  private async publishBatch(): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const [{ locked }] = await queryNamed<{ locked: boolean }>(manager, RELAY_LOCK, []);
      if (!locked) return 0;
      const rows = await queryNamed<OutboxRow>(manager, UNSENT_ROWS, [BATCH_SIZE]);
      if (rows.length === 0) return 0;
      const producer = await this.producer.connected();
      const spans: Span[] = [];
      try {
        await producer.sendBatch({ acks: -1, topicMessages: groupByTopic(rows, this.topics, spans) });
      } finally {
        for (const span of spans) span.end();
      }
      await queryNamed(manager, MARK_SENT, [rows.map((row) => row.id)]);
      return rows.length;
    });
  }
}
