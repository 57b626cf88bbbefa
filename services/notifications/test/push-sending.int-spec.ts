import { randomUUID } from 'node:crypto';
import { queryTestDatabase, waitFor } from '@daybreak/testing';
import { PUSH_DISPATCHER, PushDispatcher } from '../src/push/push-dispatcher';
import { PUSH_SETTINGS, PushSettings } from '../src/push/push-settings';
import { PushSubscriptions } from '../src/push/push-subscriptions';
import { WebPushDispatcher } from '../src/push/web-push-dispatcher';
import { FakeBrowser, FakePushService } from '@daybreak/testing';
import { pushUnderTest } from './push-test-service';

const message = { title: 'Rise and shine', body: 'Your 5 AM window is open.', url: '/create-post' };
const ANSWER_AFTER_MS = 20;

/** How the dispatcher sends at volume: its window, one VAPID token per push service, gone devices pruned. */
describe('notifications: sending web push at volume (real Postgres, a fake push service)', () => {
  const pushService = new FakePushService(ANSWER_AFTER_MS);
  const service = pushUnderTest(pushService);
  let dispatcher: PushDispatcher;

  beforeAll(() => {
    dispatcher = service().app.get(PUSH_DISPATCHER);
  });

  /** A new member with a device on each browser. */
  async function memberOn(...browsers: FakeBrowser[]): Promise<string> {
    const userId = randomUUID();
    for (const { subscription } of browsers)
      await queryTestDatabase(
        `INSERT INTO notifications.push_subscriptions (endpoint, user_id, p256dh, auth) VALUES ($1, $2, $3, $4)`,
        [subscription.endpoint, userId, subscription.keys.p256dh, subscription.keys.auth],
      );
    return userId;
  }
  const statusesOf = (browser: FakeBrowser) => pushService.receivedBy(browser).map((push) => push.status);
  const payloadsOf = (browser: FakeBrowser) =>
    pushService
      .receivedBy(browser)
      .filter((push) => push.status === 201)
      .map((push) => JSON.parse(browser.decrypt(push.body)));
  const subscriptionRows = (browser: FakeBrowser) =>
    queryTestDatabase('SELECT user_id FROM notifications.push_subscriptions WHERE endpoint = $1', [
      browser.endpoint,
    ]);

  it('sends a transaction’s pushes side by side, never more at once than its window', async () => {
    const settings = service().app.get<PushSettings>(PUSH_SETTINGS);
    const windowOfFour = new WebPushDispatcher(service().app.get(PushSubscriptions), {
      ...settings,
      window: 4,
    });
    const browsers = Array.from({ length: 30 }, () => pushService.newBrowser());
    // One push a member, as a consumer's transaction of likes hands them over.
    const pushes = await Promise.all(
      browsers.map(async (browser) => ({ recipientIds: [await memberOn(browser)], message })),
    );
    pushService.mostInFlight = 0;
    try {
      await windowOfFour.notify(pushes);
    } finally {
      await windowOfFour.onModuleDestroy();
    }

    for (const browser of browsers) expect(payloadsOf(browser)).toEqual([message]);
    expect(pushService.mostInFlight).toBeGreaterThan(1);
    expect(pushService.mostInFlight).toBeLessThanOrEqual(4);
  });

  it('signs one VAPID token per push service and sends it with every push there', async () => {
    const browsers = [pushService.newBrowser(), pushService.newBrowser(), pushService.newBrowser()];
    const members = await Promise.all(browsers.map((browser) => memberOn(browser)));

    await dispatcher.notify([{ recipientIds: members, message }]);
    await dispatcher.notify([{ recipientIds: [members[0]], message }]);

    const authorizations = browsers.flatMap((browser) =>
      pushService.receivedBy(browser).map((push) => push.headers.authorization),
    );
    expect(authorizations).toHaveLength(4);
    expect(new Set(authorizations).size).toBe(1);
    const [, claims] = /^vapid t=[\w-]+\.([\w-]+)\./.exec(String(authorizations[0]))!;
    expect(JSON.parse(Buffer.from(claims, 'base64url').toString())).toMatchObject({
      aud: pushService.origin,
    });
  });

  it.each([404, 410])(
    'forgets a device the push service answers %i for, and sends it nothing more',
    async (status) => {
      const gone = pushService.newBrowser(status);
      const current = pushService.newBrowser();
      const ana = await memberOn(gone, current);
      const second = { ...message, title: 'Your 3-day streak ends at 6:30' };

      await dispatcher.notify([
        { recipientIds: [ana], message },
        { recipientIds: [ana], message: second },
      ]);

      expect(statusesOf(gone)).toEqual([status]);
      expect(await subscriptionRows(gone)).toEqual([]);
      expect(await subscriptionRows(current)).toEqual([{ user_id: ana }]);
      expect(payloadsOf(current)).toEqual([message, second]);
    },
  );

  it('hands pushes over without waiting for the answers, which then come in the background', async () => {
    const gone = pushService.newBrowser(410);
    const phone = pushService.newBrowser();
    const ana = await memberOn(gone, phone);
    pushService.hold();

    // Resolves while every answer is held: it waits for the sends to start, not to be answered.
    await dispatcher.handOver([{ recipientIds: [ana], message }]);
    await waitFor(() => pushService.receivedBy(phone).length === 1, { description: 'the push sent' });
    expect(await subscriptionRows(gone)).toHaveLength(1);

    pushService.release();
    await waitFor(async () => (await subscriptionRows(gone)).length === 0, {
      description: 'the gone device forgotten',
    });
    expect(payloadsOf(phone)).toEqual([message]);
  });
});
