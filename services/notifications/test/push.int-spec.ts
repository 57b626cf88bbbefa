import { randomUUID } from 'node:crypto';
import {
  FakeBrowser,
  FakePushService,
  REDIRECTED,
  asViewer,
  queryTestDatabase,
  waitFor,
} from '@daybreak/testing';
import request from 'supertest';
import { PUSH_DISPATCHER, PushDispatcher } from '../src/push/push-dispatcher';
import { MAX_SUBSCRIPTIONS_PER_MEMBER, PushSubscriptions } from '../src/push/push-subscriptions';
import { pushUnderTest, vapidKeys } from './push-test-service';

const message = { title: 'Ana liked your post', body: 'Good morning!', url: '/posts/123' };

/** Subscriptions and web push against a fake push service on loopback (real Postgres, real HTTP). */
describe('notifications: web push (real Postgres, a fake push service)', () => {
  const pushService = new FakePushService();
  const vapid = vapidKeys();
  const service = pushUnderTest(pushService, vapid);
  let dispatcher: PushDispatcher;

  beforeAll(() => {
    dispatcher = service().app.get(PUSH_DISPATCHER);
  });

  const member = () => randomUUID();
  const subscribe = (userId: string | null, subscription: unknown) =>
    request(service().url)
      .post('/push/subscriptions')
      .set(asViewer('notifications', userId))
      .send({ subscription });
  const subscriptionRows = (endpoint: string) =>
    queryTestDatabase('SELECT user_id FROM notifications.push_subscriptions WHERE endpoint = $1', [endpoint]);
  /** A new member, subscribed on each of these devices. */
  async function memberOn(...browsers: FakeBrowser[]): Promise<string> {
    const userId = member();
    for (const browser of browsers) await subscribe(userId, browser.subscription).expect(201);
    return userId;
  }
  const payloadsOf = (browser: FakeBrowser) =>
    pushService
      .receivedBy(browser)
      .filter((push) => push.status === 201)
      .map((push) => JSON.parse(browser.decrypt(push.body)));

  it('gives members the VAPID public key; guests get 401', async () => {
    await request(service().url)
      .get('/push/vapid-key')
      .set(asViewer('notifications', member()))
      .expect(200, { publicKey: vapid.publicKey });
    await request(service().url).get('/push/vapid-key').set(asViewer('notifications', null)).expect(401);
  });

  it('sends each of a member’s devices an encrypted {title, body, url} with TTL, urgency and VAPID', async () => {
    const phone = pushService.newBrowser();
    const laptop = pushService.newBrowser();
    const ben = pushService.newBrowser();
    const ana = await memberOn(phone, laptop);
    await memberOn(ben);

    await dispatcher.notify([{ recipientIds: [ana], message }]);

    expect(payloadsOf(phone)).toEqual([message]);
    expect(payloadsOf(laptop)).toEqual([message]);
    expect(pushService.receivedBy(ben)).toEqual([]);
    const [{ headers }] = pushService.receivedBy(phone);
    expect(headers['content-encoding']).toBe('aes128gcm');
    expect(Number(headers.ttl)).toBeGreaterThan(0);
    expect(headers.urgency).toBe('normal');
    expect(headers.authorization).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${vapid.publicKey}$`),
    );
  });

  it('sends several pushes to their recipients’ devices, in order, with one lookup of the devices', async () => {
    const phone = pushService.newBrowser();
    const laptop = pushService.newBrowser();
    const [ana, ben] = [await memberOn(phone), await memberOn(laptop)];
    const lookups = jest.spyOn(service().app.get(PushSubscriptions), 'ofMembers');
    const second = { ...message, title: 'Cara commented on your post' };

    await dispatcher.notify([
      { recipientIds: [ana, member(), ben], message },
      { recipientIds: [ana.toUpperCase()], message: second },
    ]);

    expect(lookups).toHaveBeenCalledTimes(1);
    lookups.mockRestore();
    expect(payloadsOf(phone)).toEqual([message, second]);
    expect(payloadsOf(laptop)).toEqual([message]);
  });

  it('deletes a subscription the push service says is gone (410), and keeps the member’s others', async () => {
    const gone = pushService.newBrowser(410);
    const current = pushService.newBrowser();
    const ana = await memberOn(gone, current);

    await dispatcher.notify([{ recipientIds: [ana], message }]);

    expect(await subscriptionRows(gone.endpoint)).toEqual([]);
    expect(await subscriptionRows(current.endpoint)).toEqual([{ user_id: ana }]);
    expect(payloadsOf(current)).toEqual([message]);
  });

  it('retries a 503 with backoff and delivers once, without holding up the other devices', async () => {
    const busy = pushService.newBrowser(503);
    const other = pushService.newBrowser();
    const ana = await memberOn(busy, other);

    await dispatcher.notify([{ recipientIds: [ana], message }]);
    // notify resolved after the first attempts: the other device has its message, the busy one a 503.
    expect(payloadsOf(other)).toEqual([message]);
    expect(pushService.receivedBy(busy).map((push) => push.status)).toEqual([503]);

    await waitFor(() => payloadsOf(busy).length > 0, { description: 'the retried push' });
    expect(pushService.receivedBy(busy).map((push) => push.status)).toEqual([503, 201]);
    expect(payloadsOf(busy)).toEqual([message]);
    expect(await subscriptionRows(busy.endpoint)).toHaveLength(1);
  });

  it.each([301, 302, 307, 308])(
    'follows no redirect (%i): nothing reaches where it points, nothing is retried',
    async (status) => {
      const redirecting = pushService.newBrowser(status);
      const ana = await memberOn(redirecting);

      await dispatcher.notify([{ recipientIds: [ana], message }]);

      expect(pushService.receivedBy(redirecting).map((push) => push.status)).toEqual([status]);
      expect(pushService.received.filter((push) => push.path.startsWith(REDIRECTED))).toEqual([]);
    },
  );

  it('checks the endpoint policy again when sending: a stored endpoint it refuses is forgotten, unsent', async () => {
    // A row from before a rule, or from while PUSH_EXTRA_ORIGINS allowed this origin.
    const elsewhere = new FakePushService();
    await elsewhere.start();
    try {
      const stale = elsewhere.newBrowser();
      const current = pushService.newBrowser();
      const ana = await memberOn(current);
      await queryTestDatabase(
        `INSERT INTO notifications.push_subscriptions (endpoint, user_id, p256dh, auth) VALUES ($1, $2, $3, $4)`,
        [stale.endpoint, ana, stale.subscription.keys.p256dh, stale.subscription.keys.auth],
      );

      await dispatcher.notify([{ recipientIds: [ana], message }]);

      expect(elsewhere.received).toEqual([]);
      expect(await subscriptionRows(stale.endpoint)).toEqual([]);
      expect(payloadsOf(current)).toEqual([message]);
    } finally {
      await elsewhere.stop();
    }
  });

  it(`keeps a member's ${MAX_SUBSCRIPTIONS_PER_MEMBER} newest subscriptions: a new one replaces the oldest`, async () => {
    const devices = Array.from({ length: MAX_SUBSCRIPTIONS_PER_MEMBER + 2 }, () => pushService.newBrowser());
    const ana = await memberOn(...devices.slice(0, MAX_SUBSCRIPTIONS_PER_MEMBER));
    // Subscribing again from the oldest device makes it the newest.
    await subscribe(ana, devices[0].subscription).expect(201);

    for (const device of devices.slice(MAX_SUBSCRIPTIONS_PER_MEMBER))
      await subscribe(ana, device.subscription).expect(201);

    const [{ count }] = await queryTestDatabase<{ count: number }>(
      `SELECT count(*)::int AS count FROM notifications.push_subscriptions WHERE user_id = $1`,
      [ana],
    );
    expect(count).toBe(MAX_SUBSCRIPTIONS_PER_MEMBER);
    await dispatcher.notify([{ recipientIds: [ana], message }]);
    const reached = devices.filter((device) => payloadsOf(device).length > 0);
    expect(reached).toEqual([devices[0], ...devices.slice(3)]);
  });

  it('holds the bound when one member subscribes from many devices at once', async () => {
    const devices = Array.from({ length: 3 * MAX_SUBSCRIPTIONS_PER_MEMBER }, () => pushService.newBrowser());
    const ana = member();

    await Promise.all(devices.map((device) => subscribe(ana, device.subscription).expect(201)));

    const [{ count }] = await queryTestDatabase<{ count: number }>(
      `SELECT count(*)::int AS count FROM notifications.push_subscriptions WHERE user_id = $1`,
      [ana],
    );
    expect(count).toBe(MAX_SUBSCRIPTIONS_PER_MEMBER);
  });

  it('stops sending to an endpoint the member removed; another member cannot remove it', async () => {
    const browser = pushService.newBrowser();
    const ana = await memberOn(browser);
    const remove = (userId: string) =>
      request(service().url)
        .post('/push/subscriptions/remove')
        .set(asViewer('notifications', userId))
        .send({ endpoint: browser.endpoint });

    await remove(member()).expect(204);
    expect(await subscriptionRows(browser.endpoint)).toHaveLength(1);
    await remove(ana).expect(204);

    await dispatcher.notify([{ recipientIds: [ana], message }]);
    expect(pushService.receivedBy(browser)).toEqual([]);
  });

  // Postgres can't store NUL in text: the query's refusal is the sender's bad input, not a 500.
  it('answers 400 to an endpoint with a NUL character when removing it', async () => {
    const response = await request(service().url)
      .post('/push/subscriptions/remove')
      .set(asViewer('notifications', member()))
      .send({ endpoint: 'https://fcm.googleapis.com/fcm/send/a\u0000b' })
      .expect(400);
    expect(response.body).toMatchObject({ code: 'REQUEST.INVALID', message: expect.stringContaining('NUL') });
  });

  it.each([
    ['plain http', 'http://fcm.googleapis.com/fcm/send/abc', 'Push endpoints must use https.'],
    [
      'loopback',
      'https://127.0.0.1/push/abc',
      'Push endpoints on loopback or private addresses are not allowed.',
    ],
    [
      'IPv6 loopback',
      'https://[::1]/push/abc',
      'Push endpoints on loopback or private addresses are not allowed.',
    ],
    [
      'localhost',
      'https://localhost/push/abc',
      'Push endpoints on loopback or private addresses are not allowed.',
    ],
    [
      'a private address',
      'https://10.0.0.7/push/abc',
      'Push endpoints on loopback or private addresses are not allowed.',
    ],
    ['an unknown host', 'https://push.example.com/abc', 'Unknown push service "push.example.com"'],
    ['a look-alike host', 'https://fcm.googleapis.com.evil.example/abc', 'Unknown push service'],
  ])('refuses %s as a push endpoint with 400', async (_case, endpoint, reason) => {
    const ana = member();
    const subscription = { ...pushService.newBrowser().subscription, endpoint };
    const response = await subscribe(ana, subscription).expect(400);
    expect(response.body.message).toContain(reason);
    expect(await subscriptionRows(endpoint)).toEqual([]);
  });

  it('accepts the browsers’ push services and refuses malformed subscriptions', async () => {
    const ana = member();
    const keys = pushService.newBrowser().subscription.keys;
    for (const endpoint of [
      `https://fcm.googleapis.com/fcm/send/${randomUUID()}`,
      `https://updates.push.services.mozilla.com/wpush/v2/${randomUUID()}`,
      `https://web.push.apple.com/${randomUUID()}`,
      `https://wns2-par02p.notify.windows.com/w/?token=${randomUUID()}`,
    ]) {
      await subscribe(ana, { endpoint, keys }).expect(201);
    }
    const endpoint = `https://fcm.googleapis.com/fcm/send/${randomUUID()}`;
    const bad = await subscribe(ana, { endpoint, keys: { p256dh: 'abc', auth: keys.auth } }).expect(400);
    expect(bad.body.message).toContain('subscription.keys.p256dh');
    await subscribe(ana, undefined).expect(400);
    await subscribe(null, { endpoint, keys }).expect(401);
  });
});
