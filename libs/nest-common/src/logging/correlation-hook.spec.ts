import Fastify, { type FastifyInstance } from 'fastify';
import { correlateFastifyRequests } from './correlation-hook';
import { CORRELATION_HEADER, currentContext } from './request-context';

/** A Fastify server with the hooks, whose routes answer with the request context they run in. */
async function serverWithContext(): Promise<{ fastify: FastifyInstance; url: string }> {
  const fastify = Fastify();
  correlateFastifyRequests(fastify);
  const seenContext = async () => {
    // After an await too, as a handler's queries and log lines run.
    await new Promise((resolve) => setImmediate(resolve));
    return { correlationId: currentContext()?.correlationId ?? null };
  };
  fastify.get('/context', seenContext);
  fastify.post('/context', seenContext);
  const url = await fastify.listen({ port: 0, host: '127.0.0.1' });
  return { fastify, url };
}

describe('correlateFastifyRequests', () => {
  let server: Awaited<ReturnType<typeof serverWithContext>>;
  beforeAll(async () => {
    server = await serverWithContext();
  });
  afterAll(() => server.fastify.close());

  it("adopts the caller's correlation id and echoes it", async () => {
    const response = await fetch(`${server.url}/context`, {
      headers: { [CORRELATION_HEADER]: 'gateway-request-0001' },
    });
    expect(response.headers.get(CORRELATION_HEADER)).toBe('gateway-request-0001');
    expect(await response.json()).toEqual({ correlationId: 'gateway-request-0001' });
  });

  it('starts one when the caller sent none, or one that is not a valid id', async () => {
    const cases: Record<string, string>[] = [{}, { [CORRELATION_HEADER]: 'bad id with spaces' }];
    for (const headers of cases) {
      const response = await fetch(`${server.url}/context`, { headers });
      const { correlationId } = (await response.json()) as { correlationId: string };
      expect(correlationId).toMatch(/^[0-9a-f-]{36}$/);
      expect(response.headers.get(CORRELATION_HEADER)).toBe(correlationId);
    }
  });

  it("at the edge (the gateway), never adopts a client's id", async () => {
    const edge = Fastify();
    correlateFastifyRequests(edge, { adoptCallerId: false });
    edge.get('/context', async () => ({ correlationId: currentContext()?.correlationId ?? null }));
    const url = await edge.listen({ port: 0, host: '127.0.0.1' });
    try {
      const response = await fetch(`${url}/context`, {
        headers: { [CORRELATION_HEADER]: 'chosen-by-client-01' },
      });
      const { correlationId } = (await response.json()) as { correlationId: string };
      expect(correlationId).toMatch(/^[0-9a-f-]{36}$/);
      expect(response.headers.get(CORRELATION_HEADER)).toBe(correlationId);
    } finally {
      await edge.close();
    }
  });

  it('keeps the context for a handler that runs after a body was read', async () => {
    const response = await fetch(`${server.url}/context`, {
      method: 'POST',
      headers: { [CORRELATION_HEADER]: 'gateway-request-0002', 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'x'.repeat(50_000) }),
    });
    expect(await response.json()).toEqual({ correlationId: 'gateway-request-0002' });
  });
});
