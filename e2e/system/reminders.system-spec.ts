import { WAKE_UP_REMINDER_MESSAGE } from '@daybreak/contracts';
import { FakePushService, waitFor } from '@daybreak/testing';
import { member } from '../support/member-api';
import { stackEnv } from '../support/stack-env';

/** The e2e stack's notifications accept push endpoints here (PUSH_EXTRA_ORIGINS, scripts/stack/profiles.mjs). */
const FAKE_PUSH_PORT = 13090;

/** "HH:MM" in UTC of the first whole minute at least `aheadMs` from now. */
function utcMinuteAhead(aheadMs: number): string {
  const at = new Date(Math.ceil((Date.now() + aheadMs) / 60_000) * 60_000);
  return at.toISOString().slice(11, 16);
}

/**
 * Issue 43: a member sets their wake-up reminder a minute ahead and receives it at that minute, in
 * the app and as a web push (through a fake push service, decrypted as their browser would), which
 * opens /create-post. Through the real gateway and notifications processes (the API and its worker's
 * scheduler).
 */
describe('the wake-up reminder, end to end', () => {
  const { baseUrl } = stackEnv();
  const pushService = new FakePushService();

  beforeAll(() => pushService.start(FAKE_PUSH_PORT));
  afterAll(() => pushService.stop());

  it('arrives at the chosen minute, in-app and through push', async () => {
    const ana = await member(baseUrl, 'Ana');
    expect((await ana.setTimezone('UTC')).status).toBe(200);
    const browser = pushService.newBrowser();
    const subscribed = await ana.subscribePush({ subscription: browser.subscription });
    expect(subscribed.status).toBe(201);

    const time = utcMinuteAhead(20_000);
    const saved = await ana.setReminders({
      enabled: true,
      time,
      days: [1, 2, 3, 4, 5, 6, 7],
      streakNudge: true,
      weeklyRecap: true,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ enabled: true, time });

    const [push] = await waitFor(
      () => {
        const received = pushService.receivedBy(browser);
        return received.length > 0 && received;
      },
      { timeoutMs: 110_000, intervalMs: 250, description: `the reminder's push at ${time} UTC` },
    );
    // Not before its minute.
    expect(new Date().toISOString().slice(11, 16) >= time).toBe(true);
    expect(JSON.parse(browser.decrypt(push.body))).toEqual({
      title: 'Daybreak',
      body: WAKE_UP_REMINDER_MESSAGE,
      url: '/create-post',
    });

    const list = await ana.notifications();
    expect(list.body).toEqual([
      expect.objectContaining({ type: 'other', kind: 'reminder', message: WAKE_UP_REMINDER_MESSAGE }),
    ]);
    expect((await ana.unreadCount()).body).toEqual({ count: 1 });
    // Exactly once: a moment later there is still one push and one notification.
    expect(pushService.receivedBy(browser)).toHaveLength(1);
  });
});
