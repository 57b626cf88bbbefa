import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * Every metric of this process, served at `/metrics`. One registry per process: integration tests
 * that boot several apps in one process share it, as metrics are process-wide in Prometheus too.
 */
export const metricsRegistry = new Registry();

let defaultsCollected = false;

/**
 * How often the event-loop lag is sampled. prom-client's default, 10 ms, is a timer that wakes every
 * process 100 times a second, idle or not (its CPU cost, measured: docs/operations.md, "Metrics"). A stall is measured up to this much short (the time until the next sample was
 * due anyway), so one shorter than 50 ms may not show; a process that is CPU-bound still does.
 */
export const EVENT_LOOP_SAMPLE_MS = 50;

/** Node's own metrics (event-loop lag, heap, GC, handles), once per process. */
export function collectNodeMetrics(): void {
  if (defaultsCollected) return;
  defaultsCollected = true;
  collectDefaultMetrics({ register: metricsRegistry, eventLoopMonitoringPrecision: EVENT_LOOP_SAMPLE_MS });
}

/** Work a scrape needs first, e.g. counting unsent outbox rows; each hook sets its gauges. */
type ScrapeHook = () => Promise<void>;
const scrapeHooks = new Set<ScrapeHook>();
const HOOK_TIMEOUT_MS = 2000;

/** Runs `hook` before each scrape until the returned function is called (on shutdown). */
export function onScrape(hook: ScrapeHook): () => void {
  scrapeHooks.add(hook);
  return () => scrapeHooks.delete(hook);
}

/**
 * The text Prometheus scrapes. A hook that fails or hangs (Postgres or Kafka down) leaves its gauges
 * at their last values rather than failing the whole scrape: the other metrics matter most then.
 */
export async function renderMetrics(): Promise<string> {
  await Promise.all(
    [...scrapeHooks].map((hook) => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, HOOK_TIMEOUT_MS)));
      return Promise.race([hook().catch(() => undefined), timeout]).finally(() => clearTimeout(timer));
    }),
  );
  return metricsRegistry.metrics();
}

export const METRICS_CONTENT_TYPE = metricsRegistry.contentType;

// The catalogue. docs/operations.md explains each one; deploy/prometheus/rules.yml alerts on them.

export const httpRequestDuration = new Histogram({
  name: 'http_server_request_duration_seconds',
  help: 'Time to answer an HTTP request, by method, route template and status code',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

export const outboxUnsent = new Gauge({
  name: 'outbox_unsent_events',
  help: 'Outbox rows not yet published to Kafka (read at scrape time)',
  labelNames: ['service'] as const,
  registers: [metricsRegistry],
});

export const outboxOldestAge = new Gauge({
  name: 'outbox_oldest_unsent_age_seconds',
  help: 'Age of the oldest unpublished outbox row; 0 when the outbox is empty',
  labelNames: ['service'] as const,
  registers: [metricsRegistry],
});

export const messagingTableRows = new Gauge({
  name: 'messaging_table_rows',
  help: "Rows of a service's messaging tables (outbox, processed_events: the inbox), counted after each retention round",
  labelNames: ['service', 'table'] as const,
  registers: [metricsRegistry],
});

export const consumerLag = new Gauge({
  name: 'kafka_consumer_lag',
  help: "Messages not yet committed by a consumer group: the partition's latest offset minus the group's committed offset (as KEDA's Kafka scaler counts it)",
  labelNames: ['group', 'topic', 'partition'] as const,
  registers: [metricsRegistry],
});

export const eventsHandled = new Counter({
  name: 'messaging_events_handled_total',
  help: 'Kafka events given to a handler: processed, skipped as a duplicate (already applied), failed, or refused (not from the owner of its type)',
  labelNames: ['group', 'handler', 'event_type', 'result'] as const,
  registers: [metricsRegistry],
});

export const deadLetters = new Counter({
  name: 'messaging_dead_letters_total',
  help: "Kafka events a consumer group gave up on and sent to their topic's dead-letter topic (<topic>.dlq): handler_failed (its handler failed every attempt) or malformed (not JSON, or not its contract)",
  labelNames: ['group', 'topic', 'reason'] as const,
  registers: [metricsRegistry],
});

export const unreadCounterRebuilds = new Counter({
  name: 'notifications_unread_counter_rebuilds_total',
  help: 'Unread counters recomputed from Postgres because Redis had none',
  registers: [metricsRegistry],
});

export const pushSends = new Counter({
  name: 'notifications_push_sends_total',
  help: 'Web push deliveries by result: sent, gone (device removed), retried, failed, refused (endpoint policy)',
  labelNames: ['result'] as const,
  registers: [metricsRegistry],
});

export const feedCopyReads = new Counter({
  name: 'gateway_feed_copy_reads_total',
  help: 'Feed pages the gateway answered from its own copy (used) or asked the posts service for (missed: none kept for the viewer and page, or a newer version heard of)',
  labelNames: ['result'] as const,
  registers: [metricsRegistry],
});

export const imageProcessingDuration = new Histogram({
  name: 'media_image_processing_duration_seconds',
  help: 'Time to check an uploaded photo and write its variants',
  labelNames: ['result'] as const,
  buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [metricsRegistry],
});
