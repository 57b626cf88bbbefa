import { waitFor } from '@daybreak/testing';
import { member } from '../support/member-api';
import { Sample, scrape, valueOf } from '../support/metrics';
import { stackEnv, zoneWhereItIsFiveAmNow } from '../support/stack-env';

/**
 * Every process serves Prometheus metrics on its own port (docs/operations.md). After a post and a
 * like through the gateway, each process's /metrics holds the catalogue's names with their labels.
 */
describe('metrics on every process', () => {
  const env = stackEnv();
  const services = {
    posts: env.postsUrl,
    social: env.socialUrl,
    streaks: env.streaksUrl,
    notifications: env.notificationsUrl,
    media: env.mediaUrl,
  };
  const consumers = { posts: 'posts-e2e', streaks: 'streaks-e2e', notifications: 'notifications-e2e' };
  const names = (samples: Sample[]) => new Set(samples.map((sample) => sample.name));

  beforeAll(async () => {
    const [ana, ben] = await Promise.all([member(env.baseUrl, 'Ana'), member(env.baseUrl, 'Ben')]);
    const created = await ana.post({ content: 'Measured', timezone: zoneWhereItIsFiveAmNow() });
    expect(created.status).toBe(201);
    expect((await ben.like(created.body.post.id)).status).toBe(200);
    // The like's event reaches the notifications worker: its handler counts it as processed.
    await waitFor(
      async () =>
        (valueOf((await scrape(env.notificationsUrl)).samples, 'messaging_events_handled_total', {
          event_type: 'post.liked',
          result: 'processed',
        }) ?? 0) >= 1,
      { description: 'post.liked to be processed by the notifications worker' },
    );
  });

  it("serves Node's own metrics and request durations by route and status on every process", async () => {
    for (const url of [env.baseUrl, ...Object.values(services)]) {
      const { samples } = await scrape(url);
      const found = names(samples);
      for (const name of [
        'nodejs_eventloop_lag_seconds',
        'nodejs_heap_size_used_bytes',
        'process_cpu_seconds_total',
      ])
        expect({ url, name, found: found.has(name) }).toEqual({ url, name, found: true });
    }
    const gateway = (await scrape(env.baseUrl)).samples;
    expect(
      valueOf(gateway, 'http_server_request_duration_seconds_count', {
        method: 'POST',
        route: '/api/posts/:id/like',
        status_code: '200',
      }),
    ).toBeGreaterThanOrEqual(1);
    const posts = (await scrape(env.postsUrl)).samples;
    const routes = posts
      .filter((sample) => sample.name === 'http_server_request_duration_seconds_count')
      .map((sample) => sample.labels.route);
    // Route templates, never concrete ids: the number of series stays bounded.
    expect(routes.some((route) => route.includes(':'))).toBe(true);
    expect(routes.some((route) => /[0-9a-f]{8}-[0-9a-f]{4}/.test(route))).toBe(false);
  });

  it('serves the outbox backlog of every service that publishes', async () => {
    for (const [service, url] of Object.entries(services)) {
      const { samples } = await scrape(url);
      expect(valueOf(samples, 'outbox_unsent_events', { service })).toEqual(expect.any(Number));
      expect(valueOf(samples, 'outbox_oldest_unsent_age_seconds', { service })).toEqual(expect.any(Number));
    }
  });

  it('serves consumer lag per group, topic and partition, and handled events by result', async () => {
    for (const [service, group] of Object.entries(consumers)) {
      const { samples } = await scrape(services[service as keyof typeof consumers]);
      const lag = samples.filter((sample) => sample.name === 'kafka_consumer_lag');
      expect(lag.length).toBeGreaterThan(0);
      for (const sample of lag) {
        expect(sample.labels).toEqual({
          group,
          topic: expect.any(String),
          partition: expect.stringMatching(/^\d+$/),
        });
        expect(sample.value).toBeGreaterThanOrEqual(0);
      }
    }
    const { samples } = await scrape(env.notificationsUrl);
    expect(samples.find((sample) => sample.name === 'messaging_events_handled_total')?.labels).toEqual({
      group: 'notifications-e2e',
      handler: expect.any(String),
      event_type: expect.any(String),
      result: expect.stringMatching(/^(processed|duplicate|failed)$/),
    });
  });

  it('serves the notifications and media metrics', async () => {
    const notifications = await scrape(env.notificationsUrl);
    expect(notifications.text).toContain('# TYPE notifications_push_sends_total counter');
    expect(valueOf(notifications.samples, 'notifications_unread_counter_rebuilds_total')).toEqual(
      expect.any(Number),
    );
    const media = await scrape(env.mediaUrl);
    expect(media.text).toContain('# TYPE media_image_processing_duration_seconds histogram');
  });

  it('keeps /metrics off the API: the gateway does not forward it to a service', async () => {
    const response = await fetch(new URL('/api/metrics', env.baseUrl));
    expect(response.status).toBe(404);
  });
});
