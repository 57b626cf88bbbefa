import { expect, test } from '@playwright/test';
import { newMember } from '../support/identity';
import { openPostPage, postCard, postUpdate, signIn, visit, reload } from '../support/story';

test('Ida deletes a comment of hers and then her post; both stay gone after a reload', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, newMember('Ida'));
  await postUpdate(page, 'Posted by mistake, half asleep');
  const card = postCard(page, 'Posted by mistake, half asleep');

  await card.getByTestId('comment-button').click();
  await card.getByTestId('comment-input').fill('Typo in that one');
  await card.getByTestId('comment-submit').click();
  await expect(card.getByTestId('comment')).toContainText('Typo in that one');

  await openPostPage(page, 'Posted by mistake, half asleep');
  await page.getByTestId('delete-comment-button').click();
  await page.getByTestId('delete-comment-confirm').click();
  await expect(page.getByTestId('toast')).toContainText('Comment deleted.');
  await expect(page.getByTestId('comment')).toHaveCount(0);
  await expect(page.getByTestId('comment-count')).toHaveText('0');
  const postPage = page.url();

  await page.getByTestId('delete-post-button').click();
  await expect(page.getByTestId('delete-post-dialog')).toContainText('Delete this post?');
  await page.getByTestId('delete-post-confirm').click();
  await expect(page.getByTestId('toast')).toContainText('Post deleted.');
  await expect(page).toHaveURL(/\/$/);
  await expect(postCard(page, 'Posted by mistake, half asleep')).toHaveCount(0);

  await reload(page);
  await expect(page.getByTestId('greeting-text')).toBeVisible();
  await expect(postCard(page, 'Posted by mistake, half asleep')).toHaveCount(0);
  await visit(page, postPage);
  await expect(page.getByRole('heading', { name: 'POST NOT FOUND' })).toBeVisible();
});
