import { expect, test } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { member, postForm } from '../support/member-api';
import { newMember } from '../support/identity';
import { postCard, signIn, visit, reload } from '../support/story';

const baseUrl = () => process.env.E2E_BASE_URL!;

/** Ana, a member who already posted through the API, and one update of hers the test can find. */
async function anaHasPosted(content = `Ana's sunrise ${randomUUID().slice(0, 8)}`) {
  const ana = await member(baseUrl(), 'Ana');
  const created = await ana.post({ content, timezone: 'Europe/Paris' });
  expect(created.status).toBe(201);
  return { ana, post: created.body.post as { id: string; content: string } };
}

test('the feed pages 10 at a time with "Load more posts"', async ({ page }) => {
  const author = await member(baseUrl(), 'Prolific');
  for (let i = 0; i < 11; i++) {
    expect(
      (await author.call('POST', '/api/posts', postForm({ content: `Page test ${i}`, timezone: 'UTC' })))
        .status,
    ).toBe(201);
  }

  await visit(page, '/');
  await expect(page.getByTestId('post-card')).toHaveCount(10);
  await page.getByTestId('load-more-posts').click();

  await expect.poll(() => page.getByTestId('post-card').count()).toBeGreaterThan(10);
  await expect(postCard(page, 'Page test 0')).toBeVisible();
});

test('Ben likes at once, and the like survives a reload', async ({ page }) => {
  const { post } = await anaHasPosted();
  await signIn(page, newMember('Ben'));
  const card = postCard(page, post.content);

  await card.getByTestId('like-button').click();
  await expect(card.getByTestId('like-button')).toHaveAttribute('aria-pressed', 'true');
  await expect(card.getByTestId('like-count')).toHaveText('1');

  await reload(page);
  await expect(postCard(page, post.content).getByTestId('like-button')).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(postCard(page, post.content).getByTestId('like-count')).toHaveText('1');
});

test('Ben comments on a post, then opens it and sees the comment on the detail page', async ({ page }) => {
  const { post } = await anaHasPosted();
  await signIn(page, newMember('Ben'));
  const card = postCard(page, post.content);

  await card.getByTestId('comment-button').click();
  await card.getByTestId('comment-input').fill('  Beautiful morning!  ');
  await card.getByTestId('comment-submit').click();
  await expect(page.getByTestId('toast')).toContainText('Comment posted successfully.');
  await expect(card.getByTestId('comment')).toContainText('Beautiful morning!');
  await expect(card.getByTestId('comment-count')).toHaveText('1');

  await card.locator(`a[href="/post/${post.id}"]`).click();
  await expect(page).toHaveURL(new RegExp(`/post/${post.id}$`));
  await expect(page.getByTestId('post-detail')).toContainText(post.content);
  await expect(page.getByTestId('comment')).toContainText('Beautiful morning!');
});

test('a link to /?post={id} scrolls to and highlights that post for 3 seconds, then drops the parameter', async ({
  page,
}) => {
  const { post } = await anaHasPosted();

  await visit(page, `/?post=${post.id}`);

  const card = page.locator(`[data-testid="post-card"][data-post-id="${post.id}"]`);
  await expect(card).toHaveAttribute('data-highlighted', 'true');
  await expect(card).toBeInViewport();
  await expect(card).not.toHaveAttribute('data-highlighted', { timeout: 6000 });
  await expect(page).toHaveURL(/\/$/);
});

test('share copies the post link when there is no share sheet', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { post } = await anaHasPosted();
  await visit(page, '/');
  await page.evaluate(() => Object.defineProperty(navigator, 'share', { value: undefined }));

  await postCard(page, post.content).getByTestId('share-button').click();

  await expect(page.getByTestId('toast')).toContainText('Post link copied to clipboard!');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(`/share/post/${post.id}`);
});

test('a guest who likes a post is told to sign in and sent to the sign-in page', async ({ page }) => {
  const { post } = await anaHasPosted();
  await visit(page, '/');

  await postCard(page, post.content).getByTestId('like-button').click();

  await expect(page.getByTestId('toast')).toBeVisible();
  await expect(page.getByTestId('dev-idp-email')).toBeVisible({ timeout: 10_000 });
});
