import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { newMember } from '../support/identity';
import { postCard, postUpdate, signIn, visit } from '../support/story';

test('Gus edits his name, bio and photo: the header avatar and his post in the feed follow', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, newMember('Gus'));
  await postUpdate(page, 'Tea on the balcony, city still asleep');
  const photo = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#34d399' } })
    .jpeg()
    .toBuffer();

  await visit(page, '/profile');
  await page.getByTestId('edit-profile-button').click();
  await page
    .getByTestId('profile-photo-input')
    .setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(page.getByTestId('toast')).toContainText('PHOTO UPLOADED');
  await page.getByTestId('profile-name-input').fill('gus_at_dawn');
  await page.getByTestId('profile-bio-input').fill('Kettle on at 5.');
  await page.getByTestId('profile-save').click();
  await expect(page.getByTestId('toast')).toContainText('PROFILE UPDATED');

  await expect(page.getByTestId('profile-name')).toHaveText('gus_at_dawn');
  await expect(page.getByTestId('profile-bio')).toHaveText('Kettle on at 5.');
  await expect(page.getByTestId('header-profile-link').locator('img')).toHaveAttribute('src', /\/objects\//);

  // The feed embeds authors from the posts service's read model, fed by user.updated.
  await expect(async () => {
    await visit(page, '/');
    await expect(
      postCard(page, 'Tea on the balcony, city still asleep').getByTestId('post-author'),
    ).toHaveText('gus_at_dawn', { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(
    postCard(page, 'Tea on the balcony, city still asleep').locator('img[src*="/objects/"]').first(),
  ).toBeVisible();
});
