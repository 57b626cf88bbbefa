import { expect, test, type Page } from '@playwright/test';
import { Client } from 'pg';
import { newMember } from '../support/identity';
import { stackEnv } from '../support/stack-env';
import { signIn } from '../support/story';

/**
 * The first-party collector in a real browser (issue 44, ADR 0033): what the SPA queued leaves with
 * sendBeacon when the page goes away, passes the gateway's Origin check, and reaches streaks as the
 * member's; with Global Privacy Control nothing is sent at all.
 */
const COLLECTOR = '/api/analytics/events';

/** The names of the events streaks published for a member, as its outbox keeps them. */
async function publishedFor(memberId: string): Promise<string[]> {
  const client = new Client({ connectionString: stackEnv().databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      `SELECT envelope->'payload'->>'name' AS name FROM streaks.outbox
       WHERE envelope->'payload'->>'memberId' = $1 ORDER BY id`,
      [memberId],
    );
    return rows.map((row) => row.name);
  } finally {
    await client.end();
  }
}

const signedInId = (page: Page) =>
  page.evaluate(async () => ((await (await fetch('/api/auth/user')).json()) as { id: string }).id);

test("a member's page view and sign-up leave by beacon when the page goes away, and land as theirs", async ({
  page,
}) => {
  await signIn(page, newMember('Beacon'));
  const memberId = await signedInId(page);
  // As on a member's every visit after the first: the service worker controls the page (a beacon
  // that had to wait for it was lost as the page went away).
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

  // Fewer than 20 events, within 10 s of the first: only the page going away sends them (sendBeacon).
  // eslint-disable-next-line no-restricted-syntax -- leaves the app: there is none to wait for
  await page.goto('about:blank');

  await expect.poll(() => publishedFor(memberId)).toEqual(expect.arrayContaining(['page_view', 'sign_up']));
});

test('with Global Privacy Control the SPA sends no analytics at all', async ({ page }) => {
  await page.clock.install();
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true });
  });
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith(COLLECTOR)) sent.push(request.url());
  });
  await signIn(page, newMember('Private'));
  const memberId = await signedInId(page);

  // Past the queue's 10 s, when it would send what waits, and then away from the page.
  await page.clock.runFor(11_000);
  // eslint-disable-next-line no-restricted-syntax -- leaves the app: there is none to wait for
  await page.goto('about:blank');

  expect(sent).toEqual([]);
  expect(await publishedFor(memberId)).toEqual([]);
});
