import { expect, test } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { member } from '../support/member-api';
import { newMember } from '../support/identity';
import { postUpdate, signIn } from '../support/story';

const baseUrl = () => process.env.E2E_BASE_URL!;

test("Ben likes Ana's post: her bell shows 1 within 2 s, the row opens the post, MARK ALL READ clears it", async ({
  page,
}) => {
  const text = `Sunrise run ${randomUUID().slice(0, 8)}`;
  await signIn(page, newMember('Ana'));
  await postUpdate(page, text);
  const ana = (await (await page.request.get('/api/auth/user')).json()) as { id: string };
  const ben = await member(baseUrl(), 'Ben');
  // Her profile, not the shared feed: other tests post at the same time.
  const profile = await ben.profileOf(ana);
  const post = (profile.body.posts as { id: string; content: string }[]).find(
    (item) => item.content === text,
  )!;
  expect(post).toBeDefined();
  const badge = page.getByTestId('notifications-bell').getByTestId('unread-badge');
  await expect(badge).toHaveCount(0);

  expect((await ben.like(post)).status).toBe(200);
  // Kafka → the notifications worker → Redis → the stream: no reload, no 15 s poll.
  await expect(badge).toHaveText(/^1\b/, { timeout: 2_000 });

  expect((await ben.comment(post, 'Go Ana!')).status).toBe(201);
  await expect(badge).toHaveText(/^2\b/);

  await page.getByTestId('notifications-bell').click();
  const sheet = page.getByTestId('notifications-sheet');
  const liked = sheet.getByTestId('notification-row').filter({ hasText: /liked/i });
  await expect(liked).toHaveAttribute('data-unread', 'true');
  await expect(liked).toContainText('now');
  await liked.click();
  await expect(page).toHaveURL(new RegExp(`/post/${post.id}$`));
  await expect(sheet).toBeHidden();
  await expect(page.getByText(text)).toBeVisible();
  await expect(badge).toHaveText(/^1\b/);

  await page.getByTestId('notifications-bell').click();
  await sheet.getByTestId('mark-all-read').click();
  const toast = page.getByTestId('toast');
  await expect(toast).toContainText('SUCCESS');
  await expect(toast).toContainText('All notifications marked as read.');
  await expect(badge).toHaveCount(0);
  await expect(sheet.getByTestId('mark-all-read')).toHaveCount(0);
  const count = await page.request.get('/api/notifications/unread-count');
  expect(await count.json()).toEqual({ count: 0 });
});
