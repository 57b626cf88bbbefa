import { expect, test } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { member } from '../support/member-api';
import { zoneWhereItIsFiveAmNow, zoneWhereItIsSixAmNow } from '../support/stack-env';
import { newMember } from '../support/identity';
import { signIn, visit } from '../support/story';

const baseUrl = () => process.env.E2E_BASE_URL!;

/**
 * The browser's clock is the real instant (the server stamps and classifies posts by its own clock),
 * and its zone is one where that instant reads 5 AM: the member's device says it is five in the morning.
 */
const startedAt = new Date();
test.use({ timezoneId: zoneWhereItIsFiveAmNow(startedAt) });

interface CreatedPost {
  post: { id: string; timeClassification: string };
  newBadges: { id: string; name: string }[];
}

test('Dawn posts at 5 AM: the celebration, her profile and the post show the badge, and she tops the week above Ben', async ({
  page,
}) => {
  await page.clock.install({ time: startedAt });
  const dawn = newMember('Dawn');
  await signIn(page, dawn);
  await expect(page.getByTestId('local-time')).toHaveText(/^(4:[3-5]\d|5:([0-2]\d|30))\sAM$/);

  // Post first, while the clock is surely in the 5am window.
  await visit(page, '/create-post');
  await page.getByTestId('create-post-input').fill(`First light, first coffee ${randomUUID().slice(0, 8)}`);
  const answer = page.waitForResponse(
    (response) => response.url().endsWith('/api/posts') && response.request().method() === 'POST',
  );
  await page.getByTestId('create-post-submit').click();
  const created = (await (await answer).json()) as CreatedPost;
  expect(created.post.timeClassification, 'the post was made between 4:30 and 5:30 AM').toBe('5am');
  expect(created.newBadges.length, 'a first 5am post earns a badge').toBeGreaterThan(0);
  const badge = created.newBadges[0]!;

  // The celebration names the badge under its headline (it closes itself after 4 s).
  const dialog = page.getByTestId('celebration-dialog');
  await expect(dialog.getByTestId('celebration-title')).toHaveText('LEGENDARY 5AM POST!');
  await expect(
    dialog.locator(`[data-testid="celebration-badge"][data-badge-id="${badge.id}"]`),
  ).toContainText(badge.name);
  await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });

  await visit(page, '/profile');
  await expect(page.locator(`[data-testid="earned-badge"][data-badge-id="${badge.id}"]`)).toContainText(
    badge.name,
  );

  await visit(page, `/post/${created.post.id}`);
  await expect(page.locator(`[data-testid="post-badge"][data-badge-id="${badge.id}"]`)).toContainText(
    badge.name,
  );

  // Ben, whom Dawn follows, was up this week too, but only in the 6am club.
  const ben = await member(baseUrl(), 'Ben');
  const benPost = await ben.post({ content: 'Up at six', timezone: zoneWhereItIsSixAmNow() });
  expect(benPost.status).toBe(201);
  expect(benPost.body.post.timeClassification).toBe('6am');
  const follow = await page.request.post(`/api/users/${ben.id}/follow`, { headers: { origin: baseUrl() } });
  expect(follow.ok(), `follow answered ${follow.status()}`).toBe(true);

  // The leaderboard loads once after login; this is its first load, after the follow and both posts.
  await visit(page, '/following');
  await page.getByRole('tab', { name: 'LEADERBOARD' }).click();
  const dawnRow = page.locator('[data-testid="leaderboard-row"][data-current="true"]');
  const benRow = page.locator(`[data-testid="leaderboard-row"][data-user-id="${ben.id}"]`);
  await expect(page.getByTestId('leaderboard-row')).toHaveCount(2);
  await expect(dawnRow.getByTestId('leaderboard-rank')).toHaveText('1');
  await expect(dawnRow.getByTestId('leaderboard-5am-days')).toHaveText('1');
  await expect(benRow.getByTestId('leaderboard-rank')).toHaveText('2');
  await expect(benRow.getByTestId('leaderboard-5am-days')).toHaveText('0');
  await expect(benRow.getByTestId('leaderboard-6am-days')).toHaveText('1');
  await expect(benRow.locator('[data-testid="day-dot"][data-activity="6am"]')).toHaveCount(1);

  await benRow.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/profile/${ben.id}\\?from=leaderboard$`));
});
