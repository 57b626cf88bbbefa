import {
  Context,
  Link,
  ROOT_CONTEXT,
  Span,
  SpanKind,
  SpanStatusCode,
  TraceFlags,
  context,
  propagation,
  trace,
} from '@opentelemetry/api';
import { asParent, contextFor, unsampledSpanContext } from './sampling-decision';
import { tracer } from './tracer';

/**
 * Trace context across Kafka. The W3C carrier (`traceparent`, `tracestate`) of the active span is
 * stored with an outbox row, sent as Kafka message headers by the relay, and read back by the
 * consumer, so one trace runs request → outbox → Kafka → handler. Without a tracing SDK (tracing off)
 * the carrier is empty and the spans are no-ops.
 */
export type TraceCarrier = Record<string, string>;

/** The active context as a carrier, or null when there is nothing to carry. */
export function currentTraceCarrier(): TraceCarrier | null {
  const carrier: TraceCarrier = {};
  propagation.inject(context.active(), carrier);
  return Object.keys(carrier).length > 0 ? carrier : null;
}

/** A context from a carrier or Kafka headers (values may be Buffers). */
export function contextFromCarrier(
  carrier: Record<string, string | Buffer | (string | Buffer)[] | undefined> | null | undefined,
): Context {
  const strings: TraceCarrier = {};
  for (const [key, value] of Object.entries(carrier ?? {})) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined) strings[key] = first.toString();
  }
  return propagation.extract(ROOT_CONTEXT, strings);
}

/** Whether `parent` holds a span to continue (a carrier with a valid traceparent). */
export function hasSpan(parent: Context): boolean {
  return trace.getSpanContext(parent) !== undefined;
}

/**
 * Links to the recorded spans of `contexts` (e.g. the publish spans of a batch's messages); a context
 * with no span, or one not sampled, links to nothing anyone could look up.
 */
function linksTo(contexts: readonly Context[]): Link[] {
  return contexts.flatMap((ctx) => {
    const spanContext = trace.getSpanContext(ctx);
    const recorded = spanContext && (spanContext.traceFlags & TraceFlags.SAMPLED) !== 0;
    return recorded ? [{ context: spanContext }] : [];
  });
}

/**
 * Runs `fn` inside a new span, a child of `parent` (default: the active context) and linked to the
 * spans of `links`, ending it when `fn` settles and marking it failed when `fn` throws.
 */
export function inSpan<T>(
  name: string,
  options: {
    kind?: SpanKind;
    attributes?: Record<string, string | number>;
    parent?: Context;
    links?: readonly Context[];
  },
  fn: (span: Span) => Promise<T>,
): Promise<T> {
  const parent = asParent(options.parent ?? context.active());
  const span = tracer.startSpan(
    name,
    {
      kind: options.kind ?? SpanKind.INTERNAL,
      attributes: options.attributes,
      links: linksTo(options.links ?? []),
    },
    parent,
  );
  return context.with(contextFor(parent, span), async () => {
    try {
      return await fn(span);
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** Starts a span that the caller ends (e.g. one per message of a batch sent at once). */
export function startSpan(
  name: string,
  options: { kind?: SpanKind; attributes?: Record<string, string | number>; parent: Context },
): Span {
  return tracer.startSpan(
    name,
    { kind: options.kind, attributes: options.attributes },
    asParent(options.parent),
  );
}

/** The carrier of `span` (its context as the parent of what comes next). */
export function carrierOf(span: Span, parent: Context): TraceCarrier {
  const carrier: TraceCarrier = {};
  propagation.inject(trace.setSpan(parent, span), carrier);
  return carrier;
}

/** Runs `fn` in no trace: for background loops a request merely wakes up. */
export function outsideAnyTrace<T>(fn: () => T): T {
  return context.with(ROOT_CONTEXT, fn);
}

/**
 * Trace and span id of the active span (or of the unsampled one the work belongs to), for log lines;
 * undefined when nothing is traced.
 */
export function activeTraceIds(): { traceId: string; spanId: string } | undefined {
  const active = context.active();
  const spanContext = trace.getSpanContext(active) ?? unsampledSpanContext(active);
  if (!spanContext || !trace.isSpanContextValid(spanContext)) return undefined;
  return { traceId: spanContext.traceId, spanId: spanContext.spanId };
}

export { SpanKind };
export type { Span };
