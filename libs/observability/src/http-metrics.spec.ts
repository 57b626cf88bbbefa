import Fastify from 'fastify';
import request from 'supertest';
import { observeFastifyRequests } from './http-metrics';
import { httpRequestDuration, onScrape, outboxUnsent, renderMetrics } from './metrics';

/** A service's routes, observed by the hook. */
async function fastifyApp() {
  const fastify = Fastify();
  observeFastifyRequests(fastify);
  fastify.post('/posts/:id/like', async () => ({ liked: true }));
  fastify.get('/health/live', async () => ({ status: 'ok' }));
  // A catch-all (the gateway's SPA): what it answers is unrouted too.
  fastify.get('/app/*', async () => 'index.html');
  await fastify.ready();
  return fastify.server;
}

const countOf = async (labels: Partial<Record<'method' | 'route' | 'status_code', string>>) => {
  const metric = await httpRequestDuration.get();
  return metric.values.find(
    (value) =>
      value.metricName === 'http_server_request_duration_seconds_count' &&
      Object.entries(labels).every(
        ([key, expected]) => String((value.labels as Record<string, unknown>)[key]) === expected,
      ),
  )?.value;
};

describe('HTTP metrics', () => {
  const app = fastifyApp;
  beforeEach(() => httpRequestDuration.reset());

  it('times requests by route template and status, never by concrete path', async () => {
    await request(await app())
      .post('/posts/5b9c3f5e-0000-4000-8000-000000000001/like?x=1')
      .expect(200);
    await request(await app())
      .get('/nowhere')
      .expect(404);
    expect(await countOf({ method: 'POST', route: '/posts/:id/like', status_code: '200' })).toBe(1);
    expect(await countOf({ method: 'GET', route: 'unrouted', status_code: '404' })).toBe(1);
  });

  it('counts what a catch-all route answers as unrouted', async () => {
    await request(await app())
      .get('/app/profile/ana')
      .expect(200);
    expect(await countOf({ method: 'GET', route: 'unrouted', status_code: '200' })).toBe(1);
  });

  it('leaves the platform paths (/health, /metrics) out of the latency figures', async () => {
    await request(await app())
      .get('/health/live?probe=1')
      .expect(200);
    expect(await countOf({ route: '/health/live' })).toBeUndefined();
  });

  it("serves the Prometheus text with Node's own metrics", async () => {
    const response = await request(await app())
      .get('/metrics')
      .expect(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.text).toContain('# TYPE http_server_request_duration_seconds histogram');
    expect(response.text).toContain('nodejs_eventloop_lag_seconds');
  });
});

describe('scrape hooks', () => {
  it('run before each scrape; one that fails leaves its gauge and the rest of the scrape intact', async () => {
    let unsent = 3;
    const stopGood = onScrape(async () => void outboxUnsent.set({ service: 'posts' }, unsent));
    const stopBad = onScrape(async () => {
      throw new Error('database down');
    });
    expect(await renderMetrics()).toContain('outbox_unsent_events{service="posts"} 3');
    unsent = 0;
    expect(await renderMetrics()).toContain('outbox_unsent_events{service="posts"} 0');
    stopGood();
    stopBad();
    unsent = 7;
    expect(await renderMetrics()).toContain('outbox_unsent_events{service="posts"} 0');
  });
});
