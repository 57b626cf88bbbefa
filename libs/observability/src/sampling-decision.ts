import {
  Context,
  Span,
  SpanContext,
  TextMapGetter,
  TextMapPropagator,
  TextMapSetter,
  createContextKey,
  trace,
} from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';

/**
 * Work in a trace that is not sampled carries the sampling decision, not a span.
 *
 * The pg, ioredis and node:http hooks make a child span whenever the active context holds a span,
 * and build its name and attributes (the query text, the command and its arguments) before the
 * sampler is asked; a child of an unsampled span is then dropped. In production nine requests in
 * ten are not sampled, so that was work done for nothing on every query and Redis call. An unsampled
 * request therefore runs in a context without a span, and the hooks, which trace only under a parent
 * (register.ts), step aside. What it still carries is the decision, so that the services it calls and
 * the events it causes are not sampled either (a trace is kept or dropped whole): its span context
 * under a key of its own, which `TraceContextPropagator` sends on as `traceparent` with the sampled
 * flag off, exactly as it would send the span's.
 */
const UNSAMPLED_SPAN_CONTEXT = createContextKey('@daybreak/observability unsampled span context');

/** The context for the work under `span`: the span itself when it records, else only its decision. */
export function contextFor(parent: Context, span: Span): Context {
  if (span.isRecording()) return trace.setSpan(parent, span);
  const withoutSpan = trace.getSpan(parent) ? trace.deleteSpan(parent) : parent;
  return withoutSpan.setValue(UNSAMPLED_SPAN_CONTEXT, span.spanContext());
}

/** The span context of the unsampled work `ctx` belongs to, if it is such work. */
export function unsampledSpanContext(ctx: Context): SpanContext | undefined {
  return trace.getSpan(ctx) ? undefined : (ctx.getValue(UNSAMPLED_SPAN_CONTEXT) as SpanContext | undefined);
}

/**
 * `ctx` as the parent of a span started by hand: an unsampled decision becomes a (remote) parent span
 * again, so the sampler follows it instead of deciding afresh, as if the work were a new trace.
 */
export function asParent(ctx: Context): Context {
  const unsampled = unsampledSpanContext(ctx);
  return unsampled ? trace.setSpanContext(ctx, unsampled) : ctx;
}

/**
 * W3C trace context (`traceparent`, `tracestate`), for spans and for unsampled decisions alike.
 * register.ts installs it in place of OpenTelemetry's own, which sees spans only.
 */
export class TraceContextPropagator implements TextMapPropagator {
  private readonly w3c = new W3CTraceContextPropagator();

  inject(ctx: Context, carrier: unknown, setter: TextMapSetter): void {
    this.w3c.inject(asParent(ctx), carrier, setter);
  }

  extract(ctx: Context, carrier: unknown, getter: TextMapGetter): Context {
    return this.w3c.extract(ctx, carrier, getter);
  }

  fields(): string[] {
    return this.w3c.fields();
  }
}
