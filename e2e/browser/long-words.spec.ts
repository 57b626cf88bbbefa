import { Page, expect, test } from '@playwright/test';
import { newMember } from '../support/identity';
import { openPostPage, postCard, postUpdate, signIn, visit } from '../support/story';

/** Whether the page is wider than the screen, i.e. scrolls sideways. */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

test('words without spaces, at the longest a member may type them, stay within a 390 px screen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, newMember('Wren'));
  await postUpdate(page, 'Dawn run along the river');

  // A name and a bio at their limits (spec §3: 50 and 200 characters), without a space to wrap at.
  const name = 'W'.repeat(50);
  await visit(page, '/profile');
  await page.getByTestId('edit-profile-button').click();
  await page.getByTestId('profile-name-input').fill(name);
  await page.getByTestId('profile-bio-input').fill('b'.repeat(200));
  await page.getByTestId('profile-save').click();
  await expect(page.getByTestId('profile-name')).toHaveText(name);
  expect(await scrollsSideways(page)).toBe(false);

  await visit(page, '/');
  const card = postCard(page, 'Dawn run along the river');
  await card.getByTestId('comment-button').click();
  await card.getByTestId('comment-input').fill('c'.repeat(400));
  await card.getByTestId('comment-submit').click();
  await expect(card.getByTestId('comment')).toContainText(name);
  expect(await scrollsSideways(page)).toBe(false);

  await openPostPage(page, 'Dawn run along the river');
  await expect(page.getByTestId('comment')).toContainText('c'.repeat(40));
  expect(await scrollsSideways(page)).toBe(false);

  await visit(page, '/following?tab=find-people');
  await page.getByTestId('people-search-input').fill('q'.repeat(500));
  await page.getByTestId('people-search-submit').click();
  await expect(page.getByTestId('search-summary')).toContainText('Results for');
  expect(await scrollsSideways(page)).toBe(false);
});
