import { randomUUID } from 'node:crypto';
import { expect } from '@playwright/test';
import { E2E_MODERATOR } from '../support/identity';
import { member } from '../support/member-api';
import { signIn, test, visit } from '../support/story';

const baseUrl = () => process.env.E2E_BASE_URL!;

// ADR 0035: a moderator undoes a hide from /moderation, and everyone sees the post again.
test("the moderator UNHIDEs Ana's hidden post from /moderation, and Ben sees it again", async ({
  page,
  pageAs,
}) => {
  const [ana, ben, moderatorApi] = await Promise.all([
    member(baseUrl(), 'Anaunhidden'),
    member(baseUrl(), 'Benreader'),
    member(baseUrl(), E2E_MODERATOR),
  ]);
  const text = `Misread sunrise joke ${randomUUID().slice(0, 6)}`;
  const post = (await ana.post({ content: text })).body.post;
  const report = await ben.report({ targetType: 'post', targetId: post.id, reason: 'hate' });
  await moderatorApi.resolveReport(report.body.id, { action: 'hide' });

  await signIn(page, ben.identity);
  await expect(async () => {
    await visit(page, `/post/${post.id}`);
    await expect(page.getByTestId('post-not-found')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });

  const moderator = await pageAs(E2E_MODERATOR);
  await visit(moderator, '/moderation');
  const item = moderator.locator(`[data-testid="hidden-item"][data-target-id="${post.id}"]`);
  await expect(item).toContainText(text);
  await expect(item).toContainText('Anaunhidden Early');
  await expect(item).toContainText('post · hidden');
  await item.getByTestId('moderation-unhide').click();
  await expect(
    moderator.getByTestId('toast').filter({ hasText: "Anaunhidden Early's post is visible again." }),
  ).toBeVisible();
  await expect(item).toHaveCount(0);
  await expect(moderator.getByTestId('moderation-log-entry').first()).toContainText(
    "unhid Anaunhidden Early's post",
  );

  // Back for Ben once posts has applied the undo, with nothing marking it.
  await expect(async () => {
    await visit(page, `/post/${post.id}`);
    await expect(page.getByTestId('post-content')).toHaveText(text, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByTestId('hidden-post-notice')).toHaveCount(0);
});

// SUSPEND signs the member out everywhere at once: /moderation asks first, and Cancel changes nothing.
test('SUSPEND on /moderation asks first: Cancel leaves the member be, the dialog suspends them', async ({
  pageAs,
}) => {
  const [cara, ben] = await Promise.all([member(baseUrl(), 'Carasuspect'), member(baseUrl(), 'Benwitness')]);
  await ben.report({ targetType: 'user', targetId: cara.id, reason: 'harassment' });

  const moderator = await pageAs(E2E_MODERATOR);
  await visit(moderator, '/moderation');
  const group = moderator.locator(`[data-testid="report-group"][data-target-id="${cara.id}"]`);
  await group.getByTestId('moderation-suspend').click();
  const dialog = moderator.getByTestId('suspend-dialog');
  await expect(dialog).toContainText('SUSPEND Carasuspect Early?');
  await expect(dialog).toContainText('signed out everywhere at once');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(group).toBeVisible();
  expect((await cara.me()).status).toBe(200);

  await group.getByTestId('moderation-suspend').click();
  await moderator.getByTestId('suspend-confirm').click();
  await expect(
    moderator.getByTestId('toast').filter({ hasText: 'Member suspended and signed out.' }),
  ).toBeVisible();
  await expect(group).toHaveCount(0);
  await expect(
    moderator.getByTestId('suspended-member').filter({ hasText: 'Carasuspect Early' }),
  ).toBeVisible();
  expect((await cara.me()).status).toBe(401);
});
