import { type Readable, finished } from 'node:stream';
import { SpanKind, SpanStatusCode, context, propagation, trace } from '@opentelemetry/api';
import { tracer } from './tracer';

/** How a call to another service ended, for its span. */
export interface ClientCall {
  /** The service answered with this status; the span ends once `body` has been read or let go. */
  answered(statusCode: number, body?: Readable): void;
  /** There was no answer (the connection failed). */
  failed(error: Error): void;
}

const UNTRACED_CALL: ClientCall = { answered: () => undefined, failed: () => undefined };

/**
 * A call to another service over HTTP: its client span when the trace is sampled, and in `headers`
 * the trace context the service continues (only the decision when the trace is not sampled, so the
 * service drops its part too; nothing outside a trace).
 *
 * Ours rather than @opentelemetry/instrumentation-undici's, for the reason the server span is ours
 * (http-metrics.ts): that one listens on undici's diagnostics channels and makes a span, with its
 * attributes, for every call, sampled or not. An unsampled call here costs one header.
 */
export function startClientCall(method: string, url: URL, headers: Record<string, string>): ClientCall {
  const active = context.active();
  if (!trace.getSpan(active)?.isRecording()) {
    propagation.inject(active, headers);
    return UNTRACED_CALL;
  }
  const span = tracer.startSpan(
    method,
    {
      kind: SpanKind.CLIENT,
      attributes: {
        'http.request.method': method,
        'url.full': url.href,
        'server.address': url.hostname,
        'server.port': Number(url.port) || (url.protocol === 'https:' ? 443 : 80),
      },
    },
    active,
  );
  propagation.inject(trace.setSpan(active, span), headers);
  return {
    answered(statusCode, body) {
      span.setAttribute('http.response.status_code', statusCode);
      if (statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      if (body) finished(body, () => span.end());
      else span.end();
    },
    failed(error) {
      span.recordException(error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: error.message });
      span.end();
    },
  };
}
