import { randomUUID } from 'node:crypto';
import { expect } from '@playwright/test';
import { E2E_MODERATOR, newMember } from '../support/identity';
import { member } from '../support/member-api';
import { signIn, test, visit } from '../support/story';

const baseUrl = () => process.env.E2E_BASE_URL!;

// Issue 42: B reports A's post, the moderator hides it, B is told; the post is gone for everyone
// but A, who sees it marked hidden.
test("Ben reports Ana's post, the moderator hides it from /moderation, Ben is told, and only Ana still sees it (marked hidden)", async ({
  page,
  pageAs,
}) => {
  const ana = await member(baseUrl(), 'Anareported');
  const text = `Buy cheap sunrises ${randomUUID().slice(0, 6)}`;
  const post = (await ana.post({ content: text })).body.post;

  await signIn(page, newMember('Benreporter'));
  await visit(page, `/post/${post.id}`);
  await page.getByTestId('post-menu-button').click();
  await page.getByTestId('post-menu-report').click();
  const dialog = page.getByTestId('report-dialog');
  await expect(dialog).toContainText('Report this post');
  await dialog.getByTestId('report-reason-spam').click();
  await dialog.getByTestId('report-details').fill('Selling sunrises in every comment.');
  await dialog.getByTestId('report-confirm').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Report sent' })).toBeVisible();

  const moderator = await pageAs(E2E_MODERATOR);
  await visit(moderator, '/profile');
  await moderator.getByTestId('moderation-link').click();
  const group = moderator.locator(`[data-testid="report-group"][data-target-id="${post.id}"]`);
  await expect(group).toContainText(text);
  await expect(group).toContainText('Spam × 1');
  await expect(group).toContainText('Selling sunrises in every comment.');
  await group.getByTestId('moderation-hide').click();
  await expect(
    moderator.getByTestId('toast').filter({ hasText: 'Hidden from everyone but its author.' }),
  ).toBeVisible();
  await expect(group).toHaveCount(0);
  await expect(moderator.getByTestId('moderation-log-entry').first()).toContainText(
    "hid Anareported Early's post",
  );

  // Ben is told (the event reaches notifications within moments).
  await expect(async () => {
    await visit(page, '/notifications');
    await expect(
      page.getByTestId('notification-row').filter({ hasText: 'A moderator reviewed it and took action.' }),
    ).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });

  // Gone for Ben and for guests (once posts has applied the hide); Ana still sees it, marked.
  await expect(async () => {
    await visit(page, `/post/${post.id}`);
    await expect(page.getByTestId('post-not-found')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  expect((await fetch(`${baseUrl()}/api/posts/${post.id}`)).status).toBe(404);
  const author = await pageAs(ana.identity);
  await visit(author, `/post/${post.id}`);
  await expect(author.getByTestId('post-content')).toHaveText(text);
  await expect(author.getByTestId('hidden-post-notice')).toContainText('only you can see this post');
});

test('/moderation is the 404 screen to a member who is not a moderator', async ({ page }) => {
  await signIn(page, newMember('Curious'));
  await visit(page, '/moderation');
  await expect(page.getByTestId('not-found')).toBeVisible();
  await visit(page, '/profile');
  await expect(page.getByTestId('own-profile')).toBeVisible();
  await expect(page.getByTestId('moderation-link')).toHaveCount(0);
});
