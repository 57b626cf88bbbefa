import { expect, test } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { zoneWhereItIsFiveAmNow } from '../support/stack-env';
import { newMember } from '../support/identity';
import { postCard, signIn, visit } from '../support/story';

// The member's device is in a zone where it is 5 AM right now, so the post is a 5am post.
test.use({ timezoneId: zoneWhereItIsFiveAmNow() });

test('Fay posts a photo at 5 AM: a legendary celebration, then her post in the feed, served as webp', async ({
  page,
}) => {
  const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#f59e0b' } })
    .jpeg()
    .toBuffer();
  const caption = `Sunrise over the bay ${randomUUID().slice(0, 8)}`;
  await signIn(page, newMember('Fay'));

  await visit(page, '/create-post');
  await expect(page.getByTestId('create-post-submit')).toBeDisabled();
  await page.getByTestId('create-post-input').fill(caption);
  await page
    .getByTestId('create-post-photo-input')
    .setInputFiles({ name: 'sunrise.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(page.getByTestId('photo-preview')).toBeVisible();
  await page.getByTestId('create-post-submit').click();

  const dialog = page.getByTestId('celebration-dialog');
  await expect(dialog.getByTestId('celebration-title')).toHaveText(/LEGENDARY 5AM POST!|STELLAR 6AM POST!/);
  await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });

  const image = postCard(page, caption).getByTestId('optimized-image').locator('img');
  await expect(image.first()).toBeVisible();
  await expect
    .poll(() => image.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  expect(await image.first().evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(
    /\/objects\/[0-9a-f-]+\?format=webp&w=\d+/,
  );
});
