import { randomBytes } from 'node:crypto';
import { context, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { TraceContextPropagator } from './sampling-decision';
import {
  SpanKind,
  activeTraceIds,
  carrierOf,
  contextFromCarrier,
  currentTraceCarrier,
  hasSpan,
  inSpan,
  outsideAnyTrace,
  startSpan,
} from './trace-context';

// A real SDK with our W3C propagator and async context, as register.ts sets up in a process. Its
// sampler follows the parent's decision (and keeps every new trace).
const exporter = new InMemorySpanExporter();
const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
provider.register({ propagator: new TraceContextPropagator() });

const UNSAMPLED_TRACE = '0af7651916cd43dd8448eb211c80319c';
const unsampledCarrier = { traceparent: `00-${UNSAMPLED_TRACE}-b7ad6b7169203331-00` };

afterEach(() => exporter.reset());

/** A `traceparent` of a new trace, sampled ('01') or not ('00'). */
function randomCarrier(flags: '00' | '01') {
  return { traceparent: `00-${randomBytes(16).toString('hex')}-${randomBytes(8).toString('hex')}-${flags}` };
}
afterAll(() => provider.shutdown());

describe('trace context across the outbox and Kafka', () => {
  it('carries nothing outside a trace, so untraced rows and messages stay bare', () => {
    expect(currentTraceCarrier()).toBeNull();
    expect(activeTraceIds()).toBeUndefined();
    expect(hasSpan(contextFromCarrier(null))).toBe(false);
  });

  it('continues a request span through a stored carrier, a publish span and Kafka headers', async () => {
    const stored = await inSpan('POST /posts/:id/like', { kind: SpanKind.SERVER }, async () =>
      currentTraceCarrier(),
    );
    expect(stored?.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);

    // The relay: a publish span under the stored context, its own context in the message headers.
    const parent = contextFromCarrier(stored);
    const publish = startSpan('post.liked.v1 publish', { kind: SpanKind.PRODUCER, parent });
    const headers = { traceparent: Buffer.from(carrierOf(publish, parent).traceparent) };
    publish.end();

    // The consumer: headers arrive as Buffers.
    await inSpan(
      'post.liked.v1 process',
      { kind: SpanKind.CONSUMER, parent: contextFromCarrier(headers) },
      async () => {
        expect(activeTraceIds()?.traceId).toBe(trace.getSpanContext(parent)?.traceId);
      },
    );

    const [request, published, processed] = exporter.getFinishedSpans();
    expect(published.parentSpanContext?.spanId).toBe(request.spanContext().spanId);
    expect(processed.parentSpanContext?.spanId).toBe(published.spanContext().spanId);
    expect(new Set([request, published, processed].map((span) => span.spanContext().traceId)).size).toBe(1);
  });

  it('links a span to the recorded spans it names, as a batch to its messages, and not to unsampled ones', async () => {
    const sampled = randomCarrier('01');
    await outsideAnyTrace(() =>
      inSpan(
        'notifications process batch',
        {
          kind: SpanKind.CONSUMER,
          links: [contextFromCarrier(sampled), contextFromCarrier(unsampledCarrier)],
        },
        async () => undefined,
      ),
    );

    const [batch] = exporter.getFinishedSpans();
    expect(batch.parentSpanContext).toBeUndefined();
    expect(batch.links.map(({ context: linked }) => `00-${linked.traceId}-${linked.spanId}-01`)).toEqual([
      sampled.traceparent,
    ]);
  });

  it('marks a span failed when its work throws, and rethrows', async () => {
    await expect(
      inSpan('handler', {}, async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(exporter.getFinishedSpans()[0].status).toMatchObject({ code: 2, message: 'boom' });
  });

  it('runs background work woken by a request outside its trace', async () => {
    await inSpan('request', {}, async () => {
      expect(trace.getSpan(context.active())).toBeDefined();
      outsideAnyTrace(() => expect(trace.getSpan(context.active())).toBeUndefined());
    });
  });
});

describe('an unsampled trace', () => {
  it('runs its work with the decision and no span, so the database and Redis hooks step aside', async () => {
    await inSpan(
      'post.liked.v1 process',
      { kind: SpanKind.CONSUMER, parent: contextFromCarrier(unsampledCarrier) },
      async () => {
        // pg, ioredis and node:http trace only when this finds a span (register.ts).
        expect(trace.getSpan(context.active())).toBeUndefined();
        expect(activeTraceIds()?.traceId).toBe(UNSAMPLED_TRACE);
      },
    );
    expect(exporter.getFinishedSpans()).toEqual([]);
  });

  it('carries the decision on through the outbox, so the trace is dropped whole', async () => {
    const stored = await inSpan(
      'POST /posts/:id/like',
      { kind: SpanKind.SERVER, parent: contextFromCarrier(unsampledCarrier) },
      async () => currentTraceCarrier(),
    );
    expect(stored?.traceparent).toMatch(new RegExp(`^00-${UNSAMPLED_TRACE}-[0-9a-f]{16}-00$`));

    const parent = contextFromCarrier(stored);
    expect(hasSpan(parent)).toBe(true);
    const publish = startSpan('post.liked.v1 publish', { kind: SpanKind.PRODUCER, parent });
    expect(publish.isRecording()).toBe(false);
    expect(carrierOf(publish, parent).traceparent).toMatch(/-00$/);
    publish.end();
    expect(exporter.getFinishedSpans()).toEqual([]);
  });

  it('is followed by spans started by hand under it, not decided afresh as a new trace', async () => {
    await inSpan('request', { parent: contextFromCarrier(unsampledCarrier) }, async () => {
      await inSpan('nested', {}, async () => {
        expect(activeTraceIds()?.traceId).toBe(UNSAMPLED_TRACE);
      });
      const child = startSpan('by hand', { parent: context.active() });
      expect(child.isRecording()).toBe(false);
      expect(child.spanContext().traceId).toBe(UNSAMPLED_TRACE);
      child.end();
    });
    expect(exporter.getFinishedSpans()).toEqual([]);
  });
});
