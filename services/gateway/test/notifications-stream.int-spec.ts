import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DynamicModule, Module } from '@nestjs/common';
import {
  IDENTITY_HEADER,
  createServiceApp,
  fastifyOf,
  identityAudience,
  verifyIdentityToken,
} from '@daybreak/nest-common';
import { RedisModule } from '@daybreak/redis';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import Redis from 'ioredis';
import { GATEWAY_CONFIG, GatewayConfig } from '../src/config';
import { NotificationsClient } from '../src/downstream/notifications.client';
import { NotificationsController } from '../src/notifications/notifications.controller';
import { UNREAD_CHANNEL, UnreadCountHub } from '../src/notifications/unread-count-hub';
import { RateLimitGuard } from '../src/security/rate-limit';

/**
 * GET /api/notifications/stream against real Redis pub/sub. The notifications service belongs to
 * another branch, so a tiny local HTTP server stands in for its `unread-count` (it checks the
 * gateway's identity token like the real one). Sessions are faked by a header: sign-in is tested
 * against the whole stack (e2e/system).
 */
describe('GET /api/notifications/stream (real Redis)', () => {
  // The run's key pair, made by the integration tests' globalSetup (libs/testing).
  const keys = { privateKey: process.env.IDENTITY_PRIVATE_KEY!, publicKey: process.env.IDENTITY_PUBLIC_KEY! };
  const counts = new Map<string, number>();
  const failingMember = randomUUID();
  const publisher = new Redis(process.env.REDIS_URL!);
  let notificationsStub: http.Server;
  let app: NestFastifyApplication;
  let baseUrl: string;
  const open: http.ClientRequest[] = [];

  beforeAll(async () => {
    notificationsStub = http.createServer((req, res) => {
      const viewer = verifyIdentityToken(
        req.headers[IDENTITY_HEADER] as string | undefined,
        keys.publicKey,
        identityAudience('notifications'),
      );
      if (!viewer?.userId || req.url !== '/notifications/unread-count') return void res.writeHead(404).end();
      if (viewer.userId === failingMember) return void res.writeHead(500).end('boom');
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ count: counts.get(viewer.userId) ?? 0 }));
    });
    await new Promise<void>((resolve) => notificationsStub.listen(0, '127.0.0.1', resolve));
    const stubPort = (notificationsStub.address() as AddressInfo).port;

    const config = {
      REDIS_URL: process.env.REDIS_URL!,
      NOTIFICATIONS_URL: `http://127.0.0.1:${stubPort}`,
      IDENTITY_PRIVATE_KEY: keys.privateKey,
    } as GatewayConfig;
    @Module({})
    class StreamTestModule {}
    const module: DynamicModule = {
      module: StreamTestModule,
      imports: [RedisModule.forRoot(config.REDIS_URL)],
      controllers: [NotificationsController],
      providers: [
        { provide: GATEWAY_CONFIG, useValue: config },
        NotificationsClient,
        UnreadCountHub,
        RateLimitGuard,
      ],
    };
    app = await createServiceApp(module, { name: 'gateway', logLevel: 'silent' });
    const fastify = fastifyOf(app);
    fastify.decorateRequest('session', undefined);
    fastify.addHook('onRequest', (request, _reply, done) => {
      const userId = request.headers['x-test-member'];
      request.session = (typeof userId === 'string' ? { userId } : {}) as typeof request.session;
      done();
    });
    await app.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    // The streams are still open: closing must end them rather than wait for the clients.
    await app.close();
    for (const request of open) request.destroy();
    await new Promise((resolve) => notificationsStub.close(resolve));
    await publisher.quit();
  });

  /** Opens the stream as `userId` and collects the counts of its `unread` events. */
  function connect(userId: string, body?: string) {
    const counts: number[] = [];
    let request: http.ClientRequest | undefined;
    const response = new Promise<http.IncomingMessage>((resolve, reject) => {
      request = http.request(`${baseUrl}/api/notifications/stream`, {
        headers: {
          accept: 'text/event-stream',
          'x-test-member': userId,
          ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}),
        },
      });
      request.end(body);
      open.push(request);
      request.on('error', reject);
      request.on('response', (res) => {
        let buffer = '';
        // A stream the test closes ends with an abort: expected.
        res.on('error', () => undefined);
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          const events = buffer.split('\n\n');
          buffer = events.pop()!;
          for (const event of events) {
            if (!event.startsWith('event: unread\n')) continue;
            counts.push((JSON.parse(event.split('data: ')[1]) as { count: number }).count);
          }
        });
        resolve(res);
      });
    });
    return { counts, response, close: () => request?.destroy() };
  }

  async function until(condition: () => boolean, what: string): Promise<void> {
    const deadline = Date.now() + 5_000;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  const publish = (userId: string, count: number) =>
    publisher.publish(UNREAD_CHANNEL, JSON.stringify({ userId, count }));

  it("sends the current count first, then each change of that member's count only", async () => {
    const ana = randomUUID();
    const ben = randomUUID();
    counts.set(ana, 3);
    const anaStream = connect(ana);
    const benStream = connect(ben);
    const response = await anaStream.response;
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
    await until(() => anaStream.counts.length === 1 && benStream.counts.length === 1, 'the first counts');
    expect(anaStream.counts).toEqual([3]);
    expect(benStream.counts).toEqual([0]);

    await publish(ana, 4);
    await publisher.publish(UNREAD_CHANNEL, 'not json');
    await publish(ben, 7);

    await until(() => anaStream.counts.length === 2 && benStream.counts.length === 2, 'the changes');
    expect(anaStream.counts).toEqual([3, 4]);
    // Ben's stream never saw Ana's change: his second event is his own.
    expect(benStream.counts).toEqual([0, 7]);
  });

  it('sends every open stream of a member (one per tab) the change', async () => {
    const ana = randomUUID();
    const tabs = [connect(ana), connect(ana)];
    await until(() => tabs.every((tab) => tab.counts.length === 1), 'both tabs to open');

    await publish(ana, 1);

    await until(() => tabs.every((tab) => tab.counts.length === 2), 'both tabs to hear the change');
    expect(tabs.map((tab) => tab.counts)).toEqual([
      [0, 1],
      [0, 1],
    ]);
  });

  // The body parser reads a GET's body too, after which Node counts the request as closed.
  it('opens the stream when the request carries a body', async () => {
    const ana = randomUUID();
    counts.set(ana, 2);
    const stream = connect(ana, JSON.stringify({ unexpected: 'body' }));
    expect((await stream.response).statusCode).toBe(200);
    await until(() => stream.counts.length === 1, 'the first count');

    await publish(ana, 5);

    await until(() => stream.counts.length === 2, 'the change');
    expect(stream.counts).toEqual([2, 5]);
  });

  it('stops listening for a member once their stream is closed', async () => {
    const ana = randomUUID();
    const hub = app.get(UnreadCountHub);
    const stream = connect(ana, JSON.stringify({}));
    await until(() => stream.counts.length === 1, 'the stream to open');
    expect(hub.listenerCount(ana)).toBe(1);

    stream.close();

    await until(() => hub.listenerCount(ana) === 0, 'the hub to forget the closed stream');
  });

  it('answers 401 to a guest', async () => {
    const response = await fetch(`${baseUrl}/api/notifications/stream`);
    expect(response.status).toBe(401);
  });

  it('answers an error, not a stream, when the current count cannot be read', async () => {
    const response = await fetch(`${baseUrl}/api/notifications/stream`, {
      headers: { 'x-test-member': failingMember },
    });
    expect(response.status).toBeGreaterThanOrEqual(500);
    expect(response.headers.get('content-type')).toMatch(/json/);
  });
});
