import {
  AlwaysOffSampler,
  InMemorySpanExporter,
  ParentBasedSampler,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import Fastify from 'fastify';
import request from 'supertest';
import { observeFastifyRequests } from './http-metrics';
import { TraceContextPropagator } from './sampling-decision';

// A real SDK as register.ts sets it up, with a sampler that keeps no new trace (as production keeps
// only 10 %) and follows a parent's decision: so only a caller's sampled flag could get a span kept.
const exporter = new InMemorySpanExporter();
const provider = new NodeTracerProvider({
  sampler: new ParentBasedSampler({ root: new AlwaysOffSampler() }),
  spanProcessors: [new SimpleSpanProcessor(exporter)],
});
provider.register({ propagator: new TraceContextPropagator() });

const CLIENT_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const sampledByTheClient = `00-${CLIENT_TRACE}-00f067aa0ba902b7-01`;

async function appFacing({ internet }: { internet: boolean }) {
  const fastify = Fastify();
  observeFastifyRequests(fastify, { trustCallerTrace: !internet });
  fastify.get('/api/posts', async () => []);
  await fastify.ready();
  return fastify.server;
}

afterEach(() => exporter.reset());
afterAll(() => provider.shutdown());

describe("a caller's traceparent", () => {
  it('is followed by a service behind the gateway: the gateway decided', async () => {
    await request(await appFacing({ internet: false }))
      .get('/api/posts')
      .set('traceparent', sampledByTheClient)
      .expect(200);
    expect(exporter.getFinishedSpans().map((span) => span.spanContext().traceId)).toEqual([CLIENT_TRACE]);
  });

  it("can't force sampling at the gateway, nor choose its trace id", async () => {
    await request(await appFacing({ internet: true }))
      .get('/api/posts')
      .set('traceparent', sampledByTheClient)
      .expect(200);
    // The gateway's own sampler decided (here: keep nothing), as for a request without traceparent.
    expect(exporter.getFinishedSpans()).toEqual([]);
  });
});
