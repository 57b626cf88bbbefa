import { expect, test } from '@playwright/test';
import { visit } from '../support/story';

const articleIds = ['why-5am-health-success', 'fitness-tracker-complement', 'social-accountability-habits'];

test('a guest goes from the landing page to the blog, reads an article and comes back', async ({ page }) => {
  await visit(page, '/landing');
  await page.getByRole('link', { name: 'READ SUCCESS STORIES' }).click();

  await expect(page).toHaveURL(/\/blog$/);
  await expect(page.getByTestId('blog-heading')).toHaveText('RISE & LEARN');
  const stats = page.getByTestId('blog-stat');
  await expect(stats).toContainText(['92%', '73%', '10K+']);
  await expect(stats).toContainText(['Higher productivity', 'Better mental health', 'Active early risers']);
  const cards = page.getByTestId('blog-article-card');
  await expect(cards).toHaveCount(3);
  for (const [index, id] of articleIds.entries()) {
    const card = cards.nth(index);
    await expect(card).toHaveAttribute('data-article-id', id);
    for (const part of ['article-category', 'article-read-time', 'article-title', 'article-excerpt']) {
      await expect(card.getByTestId(part)).not.toBeEmpty();
    }
    await expect(card.getByTestId('article-read-time')).toHaveText(/\d+ min read/);
    await expect(card.getByTestId('article-stat')).toHaveCount(3);
    await expect(card.getByTestId('article-date')).toHaveText(/\w+ \d{1,2}, \d{4}/);
    await expect(card.getByTestId('read-more')).toHaveText(/Read More/);
  }
  await expect(page.getByTestId('blog-join-button')).toBeVisible();
  await expect(page.getByTestId('explore-community')).toHaveAttribute('href', '/');

  const firstTitle = await cards.first().getByTestId('article-title').innerText();
  await cards.first().getByTestId('read-more').click();

  await expect(page).toHaveURL(/\/blog\/why-5am-health-success$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(firstTitle);
  await expect(page.getByTestId('article-category')).toHaveText('Health & Science');
  await expect(page.getByTestId('article-date')).toHaveText(/\w+ \d{1,2}, \d{4}/);
  await expect(page.getByTestId('article-read-time')).toHaveText(/\d+ min read/);
  await expect(page.getByTestId('article-author')).toHaveText(/Daybreak Team/);
  await expect(page.getByTestId('share-button')).toBeVisible();
  await expect(page.getByTestId('article-stat')).toHaveCount(3);
  const body = page.getByTestId('article-body');
  await expect(body.getByRole('heading', { level: 2 }).first()).toBeVisible();
  await expect(body.locator('li').first()).toBeVisible();
  await expect(body).not.toContainText('**');
  await expect(page.getByTestId('key-takeaways').getByRole('listitem').first()).toBeVisible();
  await expect(page.getByTestId('research-references').locator('ol > li').first()).toBeVisible();
  await expect(page.getByTestId('blog-join-button')).toBeVisible();

  await page.getByTestId('blog-back-link').click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(page.getByTestId('blog-heading')).toBeVisible();
});

test("an unknown article shows 'Post not found'", async ({ page }) => {
  await visit(page, '/blog/no-such-article');
  await expect(page.getByTestId('post-not-found')).toContainText('Post not found');
});

test('Share copies the article link when there is no share sheet', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await visit(page, '/blog/social-accountability-habits');
  await page.evaluate(() => Object.defineProperty(navigator, 'share', { value: undefined }));

  await page.getByTestId('share-button').click();

  await expect(page.getByTestId('toast')).toContainText('Link copied to clipboard!');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    new URL('/blog/social-accountability-habits', page.url()).href,
  );
});

test('the join call to action leads a guest to sign in', async ({ page }) => {
  await visit(page, '/blog');
  await page.getByTestId('blog-join-button').click();
  await expect(page.getByTestId('dev-idp-email')).toBeVisible();
});
