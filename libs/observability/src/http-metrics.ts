import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import {
  type Context,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  context,
  propagation,
} from '@opentelemetry/api';
import { contextFor } from './sampling-decision';
import { tracer } from './tracer';
import { METRICS_CONTENT_TYPE, collectNodeMetrics, httpRequestDuration, renderMetrics } from './metrics';

/** Paths that are the platform's, not the product's: no trace, no latency sample. */
export const PLATFORM_PATHS = /^\/(metrics|health)(\/|$)/;

/** The parts of a Fastify request and reply the hooks below read (the library needs no Fastify). */
export interface FastifyRequestLike {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  /** The matched route's template (`/posts/:id/like`); undefined when no route matched. */
  routeOptions: { url?: string };
}
export interface FastifyReplyLike {
  raw: ServerResponse;
  /** Fastify's `reply.type(...).send(...)`, for /metrics. */
  type(contentType: string): { send(payload: string): unknown };
}
/** The Fastify instance's hook registration, as far as `observeFastifyRequests` uses it. */
export interface FastifyHooksLike {
  addHook(
    name: 'onRequest',
    hook: (request: FastifyRequestLike, reply: FastifyReplyLike, done: (error?: Error) => void) => void,
  ): unknown;
}

/**
 * Observes every request: a latency sample by route template (`/posts/:postId/like`, never the
 * concrete path, so the number of series stays bounded; requests no route matched, static files and
 * 404s, count as `unrouted`), and the request's server span, continuing the caller's trace
 * (`traceparent`) and active for everything the request does, so its database, Redis and outgoing
 * calls are its children.
 *
 * The span is ours rather than @opentelemetry/instrumentation-http's: that one patches every server's
 * `emit` and binds each request's and response's listeners to the trace, sampled or not, which cost
 * the fast feed path about a third of its throughput (docs/operations.md, "What tracing costs"). Here
 * an unsampled request costs one non-recording span, and runs with its sampling decision rather than
 * a span (sampling-decision.ts). Without a tracing SDK every call is a no-op.
 *
 * One `onRequest` hook: `GET /metrics` in Prometheus' text format (and Node's own metrics started),
 * then every other request observed, its handler running in the request's trace context.
 *
 * `trustCallerTrace: false` is for a process that faces the internet (the gateway): it starts every
 * trace itself and its sampler decides, whatever `traceparent` a client sends. Otherwise a client
 * could have any request it likes sampled (and exported, at a cost to every process of the trace),
 * or pick the trace id that our logs show.
 */
export function observeFastifyRequests(
  fastify: FastifyHooksLike,
  { trustCallerTrace = true }: { trustCallerTrace?: boolean } = {},
): void {
  collectNodeMetrics();
  fastify.addHook('onRequest', (request, reply, done) => {
    const query = request.url.indexOf('?');
    const path = query === -1 ? request.url : request.url.slice(0, query);
    if (request.method === 'GET' && path === '/metrics') {
      renderMetrics().then((text) => reply.type(METRICS_CONTENT_TYPE).send(text), done);
      return;
    }
    if (PLATFORM_PATHS.test(path)) return done();
    // A catch-all (the gateway's SPA, `/*`) is no route template: its answers count as unrouted.
    const routeOf = () => {
      const route = request.routeOptions.url;
      return route?.endsWith('*') ? undefined : route;
    };
    const parent = trustCallerTrace ? propagation.extract(ROOT_CONTEXT, request.headers) : ROOT_CONTEXT;
    context.with(observeRequest(request.method, path, parent, reply.raw, routeOf), done);
  });
}

/**
 * Starts observing one request (its span under `parent`, its latency, settled when `res` closes) and
 * returns the context its work runs in. `routeOf` names the matched route's template once it has been answered.
 */
function observeRequest(
  method: string,
  path: string,
  parent: Context,
  res: ServerResponse,
  routeOf: () => string | undefined,
): Context {
  const stop = httpRequestDuration.startTimer();
  // No attributes for the sampler (ours decide by trace id alone): the SDK would copy and check
  // them for every request, and nine in ten are not recorded.
  const span = tracer.startSpan(method, { kind: SpanKind.SERVER }, parent);
  if (span.isRecording()) span.setAttributes({ 'http.request.method': method, 'url.path': path });
  const settle = () => {
    const route = routeOf() ?? 'unrouted';
    // Latency of answers sent; one the client gave up on (an event stream it closed) has none.
    if (res.writableFinished) stop({ method, route, status_code: String(res.statusCode) });
    if (span.isRecording()) {
      // The span's name says the route ("POST /posts/:id/like"), so a backend can search by it.
      if (route !== 'unrouted') span.setAttribute('http.route', route).updateName(`${method} ${route}`);
      span.setAttribute('http.response.status_code', res.statusCode);
      if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      if (!res.writableFinished)
        span.setStatus({ code: SpanStatusCode.ERROR, message: 'the client went away' });
    }
    span.end();
  };
  // 'close' comes after 'finish' when the answer was sent, and alone when the client went away.
  res.once('close', settle);
  return contextFor(parent, span);
}
