import { Readable } from 'node:stream';
import { context, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import Fastify from 'fastify';
import request from 'supertest';
import { startClientCall } from './client-span';
import { observeFastifyRequests } from './http-metrics';
import { TraceContextPropagator } from './sampling-decision';
import { SpanKind } from './trace-context';

// As register.ts sets up a process: our W3C propagator, async context, a sampler that follows the
// caller's decision.
const exporter = new InMemorySpanExporter();
const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
provider.register({ propagator: new TraceContextPropagator() });

afterEach(() => exporter.reset());
afterAll(() => provider.shutdown());

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const traceparent = (sampled: boolean) => `00-${TRACE}-00f067aa0ba902b7-${sampled ? '01' : '00'}`;
const POSTS = new URL('http://127.0.0.1:3001/posts?limit=10');

/**
 * A service observed by observeFastifyRequests whose one route calls posts, as the gateway does:
 * answers with the headers the call would carry and whether a span was active for the hooks.
 */
async function gateway() {
  const fastify = Fastify();
  observeFastifyRequests(fastify);
  fastify.get('/api/posts', (_request, reply) => {
    const headers: Record<string, string> = {};
    const call = startClientCall('GET', POSTS, headers);
    const body = Readable.from(['[]']);
    call.answered(200, body);
    body.resume();
    body.on('end', () => void reply.send({ headers, spanActive: trace.getActiveSpan() !== undefined }));
  });
  await fastify.ready();
  return fastify.server;
}

describe('a call to another service', () => {
  it('in a sampled request: a client span under the request span, its context in the headers', async () => {
    const response = await request(await gateway())
      .get('/api/posts')
      .set('traceparent', traceparent(true))
      .expect(200);

    const spans = exporter.getFinishedSpans();
    const server = spans.find((span) => span.kind === SpanKind.SERVER);
    const call = spans.find((span) => span.kind === SpanKind.CLIENT);
    expect(spans).toHaveLength(2);
    expect(server).toMatchObject({
      name: 'GET /api/posts',
      attributes: {
        'http.request.method': 'GET',
        'url.path': '/api/posts',
        'http.route': '/api/posts',
        'http.response.status_code': 200,
      },
    });
    expect(call).toMatchObject({
      kind: SpanKind.CLIENT,
      name: 'GET',
      parentSpanContext: expect.objectContaining({ spanId: server?.spanContext().spanId }),
      attributes: {
        'http.request.method': 'GET',
        'url.full': POSTS.href,
        'server.address': '127.0.0.1',
        'server.port': 3001,
        'http.response.status_code': 200,
      },
    });
    expect(response.body).toEqual({
      headers: { traceparent: `00-${TRACE}-${call?.spanContext().spanId}-01` },
      spanActive: true,
    });
  });

  it('in an unsampled request: no span anywhere, and the decision in the headers', async () => {
    const response = await request(await gateway())
      .get('/api/posts')
      .set('traceparent', traceparent(false))
      .expect(200);

    expect(exporter.getFinishedSpans()).toEqual([]);
    expect(response.body.spanActive).toBe(false);
    expect(response.body.headers.traceparent).toMatch(new RegExp(`^00-${TRACE}-[0-9a-f]{16}-00$`));
  });

  it('outside any trace: no span and no headers', () => {
    const headers: Record<string, string> = {};
    startClientCall('GET', POSTS, headers).answered(200);
    expect(headers).toEqual({});
    expect(exporter.getFinishedSpans()).toEqual([]);
  });

  it('ends its span only when the body has been read', async () => {
    const span = provider.getTracer('test').startSpan('request');
    const body = Readable.from(['{"ok":true}']);
    context.with(trace.setSpan(context.active(), span), () =>
      startClientCall('GET', POSTS, {}).answered(200, body),
    );
    expect(exporter.getFinishedSpans()).toEqual([]);
    body.resume();
    await new Promise((resolve) => body.once('close', resolve));
    expect(exporter.getFinishedSpans().map((ended) => ended.kind)).toEqual([SpanKind.CLIENT]);
    span.end();
  });

  it('marks the span failed on a 5xx or when there was no answer', () => {
    const span = provider.getTracer('test').startSpan('request');
    context.with(trace.setSpan(context.active(), span), () => {
      startClientCall('GET', POSTS, {}).answered(503);
      startClientCall('POST', POSTS, {}).failed(new Error('connect ECONNREFUSED'));
    });
    const [answered, unanswered] = exporter.getFinishedSpans();
    expect(answered.status.code).toBe(2);
    expect(unanswered.status).toEqual({ code: 2, message: 'connect ECONNREFUSED' });
    expect(unanswered.events.map((event) => event.name)).toEqual(['exception']);
    span.end();
  });
});
