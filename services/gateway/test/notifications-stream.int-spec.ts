import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DynamicModule, Module } from '@nestjs/common';
import { UNREAD_COUNT_CHANNEL, encodeUnreadCountChange } from '@daybreak/contracts';
import {
  IDENTITY_HEADER,
  createServiceApp,
  fastifyOf,
  identityAudience,
  verifyIdentityToken,
} from '@daybreak/nest-common';
import { LocalCopies, RedisModule } from '@daybreak/redis';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import Redis from 'ioredis';
import { SESSION_CHANGED_CHANNEL, SESSION_KEY_PREFIX, connectRedisClient } from '../src/auth/session-store';
import { SESSION_RECHECK_MS, SessionWatch } from '../src/auth/session-watch';
import { GATEWAY_CONFIG, GatewayConfig } from '../src/config';
import { NotificationsClient } from '../src/downstream/notifications.client';
import { NotificationsController } from '../src/notifications/notifications.controller';
import { STREAMS_PER_MEMBER, StreamSlots } from '../src/notifications/stream-slots';
import { UnreadCountHub } from '../src/notifications/unread-count-hub';
import { RateLimitGuard } from '../src/security/rate-limit.guard';

/**
 * GET /api/notifications/stream against real Redis pub/sub. The notifications service belongs to
 * another branch, so a tiny local HTTP server stands in for its `unread-count` (it checks the
 * gateway's identity token like the real one). Sessions are faked by headers (the member, and the
 * id of a session stored in Redis as the session store keeps it): sign-in is tested against the
 * whole stack (e2e/system).
 */
/** How often the test app looks up a watched session without being told (SessionWatch). */
const REVOCATION_RECHECK_MS = 300;

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
        StreamSlots,
        SessionWatch,
        // Sessions deleted without a message (as by hand) are looked up again this often.
        { provide: SESSION_RECHECK_MS, useValue: REVOCATION_RECHECK_MS },
        RateLimitGuard,
      ],
    };
    app = await createServiceApp(module, { name: 'gateway', logLevel: 'silent' });
    const fastify = fastifyOf(app);
    fastify.decorateRequest('session', undefined);
    fastify.addHook('onRequest', (request, _reply, done) => {
      const userId = request.headers['x-test-member'];
      request.session = (typeof userId === 'string' ? { userId } : {}) as typeof request.session;
      const sessionId = request.headers['x-test-session'];
      if (typeof sessionId === 'string') (request.raw as { sessionID?: string }).sessionID = sessionId;
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

  /** Stores a session of `userId` in Redis (as the session store does) and answers its id. */
  async function storedSession(userId: string): Promise<string> {
    const sessionId = randomUUID();
    await publisher.set(`${SESSION_KEY_PREFIX}${sessionId}`, JSON.stringify({ userId }), 'PX', 3_600_000);
    return sessionId;
  }

  /** The headers of a request by `userId` with a stored session of theirs. */
  const memberHeaders = async (userId: string, sessionId?: string) => ({
    'x-test-member': userId,
    'x-test-session': sessionId ?? (await storedSession(userId)),
  });

  /**
   * Opens the stream as `userId` (in session `sessionId`, else a new one) and collects the counts of
   * its `unread` events; `ended` says whether the gateway ended it.
   */
  function connect(userId: string, body?: string, sessionId?: string) {
    const counts: number[] = [];
    const state = { ended: false };
    let request: http.ClientRequest | undefined;
    const response = memberHeaders(userId, sessionId).then(
      (member) =>
        new Promise<http.IncomingMessage>((resolve, reject) => {
          request = http.request(`${baseUrl}/api/notifications/stream`, {
            headers: {
              accept: 'text/event-stream',
              ...member,
              ...(body
                ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }
                : {}),
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
            res.on('end', () => (state.ended = true));
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
        }),
    );
    return { counts, response, state, close: () => request?.destroy() };
  }

  async function until(condition: () => boolean, what: string): Promise<void> {
    const deadline = Date.now() + 5_000;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  const publish = (userId: string, count: number) =>
    publisher.publish(UNREAD_COUNT_CHANNEL, encodeUnreadCountChange({ userId, count }));

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
    await publisher.publish(UNREAD_COUNT_CHANNEL, 'not json');
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
      headers: await memberHeaders(failingMember),
    });
    expect(response.status).toBeGreaterThanOrEqual(500);
    expect(response.headers.get('content-type')).toMatch(/json/);
  });

  describe('at most STREAMS_PER_MEMBER open streams a member', () => {
    it('refuses one more with a 429 that says why, and opens one again once another closes', async () => {
      const ana = randomUUID();
      const tabs = Array.from({ length: STREAMS_PER_MEMBER }, () => connect(ana));
      await until(() => tabs.every((tab) => tab.counts.length === 1), 'every tab to open');

      const refused = await fetch(`${baseUrl}/api/notifications/stream`, {
        headers: await memberHeaders(ana),
      });
      expect(refused.status).toBe(429);
      expect(await refused.json()).toMatchObject({ code: 'NOTIFICATIONS.TOO_MANY_STREAMS' });
      expect(app.get(UnreadCountHub).listenerCount(ana)).toBe(STREAMS_PER_MEMBER);
      // Another member's streams are theirs.
      const ben = connect(randomUUID());
      expect((await ben.response).statusCode).toBe(200);

      tabs[0].close();
      const slots = app.get(StreamSlots);
      await until(() => app.get(UnreadCountHub).listenerCount(ana) === STREAMS_PER_MEMBER - 1, 'the close');
      // The slot is given back in Redis just after the hub forgets the stream.
      while ((await slots.openCount(ana)) >= STREAMS_PER_MEMBER) await new Promise((r) => setTimeout(r, 20));
      const again = connect(ana);
      expect((await again.response).statusCode).toBe(200);
    });
  });

  describe('a stream ends when its session does', () => {
    /** An open stream of a new member in a session of theirs, with the session's key. */
    async function openInSession() {
      const userId = randomUUID();
      const sessionId = await storedSession(userId);
      const stream = connect(userId, undefined, sessionId);
      await until(() => stream.counts.length === 1, 'the stream to open');
      return { userId, stream, key: `${SESSION_KEY_PREFIX}${sessionId}` };
    }

    async function expectEnded(userId: string, stream: ReturnType<typeof connect>) {
      await until(() => stream.state.ended, 'the stream to end');
      await until(() => app.get(UnreadCountHub).listenerCount(userId) === 0, 'the hub to forget it');
      await until(() => app.get(SessionWatch).watchCount() === watchedBefore, 'the watch to stop');
    }

    let watchedBefore = 0;
    beforeEach(() => {
      watchedBefore = app.get(SessionWatch).watchCount();
    });

    it('at sign-out: the session store deletes the session, and every gateway hears it', async () => {
      const { userId, stream, key } = await openInSession();
      // As express-session's destroy does it through the gateway's store client (session.ts).
      const store = connectRedisClient(
        publisher,
        new LocalCopies(publisher, { channel: SESSION_CHANGED_CHANNEL, ttlMs: 5_000 }),
      );
      await store.del(key);
      await expectEnded(userId, stream);
    });

    it('at expiry: when its Redis key expires', async () => {
      const { userId, stream, key } = await openInSession();
      await publisher.pexpire(key, 200);
      await expectEnded(userId, stream);
    });

    it('at revocation: when its key is deleted without a message, within the look-up interval', async () => {
      const { userId, stream, key } = await openInSession();
      await publisher.del(key);
      await expectEnded(userId, stream);
    });

    it('not while the session lasts, or when another session of the member ends', async () => {
      const { userId, stream } = await openInSession();
      const other = await storedSession(userId);
      await publisher
        .multi()
        .del(`${SESSION_KEY_PREFIX}${other}`)
        .publish(SESSION_CHANGED_CHANNEL, `${SESSION_KEY_PREFIX}${other}`)
        .exec();
      // Waited for, as nothing happens to show that nothing happened: several look-ups later, the
      // stream is still open and delivering.
      await new Promise((resolve) => setTimeout(resolve, 3 * REVOCATION_RECHECK_MS));
      await publish(userId, 9);
      await until(() => stream.counts.length === 2, 'the change');
      expect(stream.state.ended).toBe(false);
      stream.close();
    });
  });
});
