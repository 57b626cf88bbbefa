import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { cspViolationsOf } from '../support/csp';
import { zoneWhereItIsFiveAmNow } from '../support/stack-env';
import { newMember } from '../support/identity';
import { postCard, signIn, visit } from '../support/story';

// A 5 AM post, so the celebration (dialog, confetti) is part of the walk.
test.use({ timezoneId: zoneWhereItIsFiveAmNow() });

/**
 * The app works under the gateway's Content Security Policy: a member's usual walk (landing page,
 * sign-in, posting with a photo, the profile and its edit dialog, the live unread stream, sign-out)
 * makes no CSP violation. Violations are collected in the page from the start (an init script runs
 * outside the page's CSP) and read at the end.
 */
test('a member signs in, posts a photo, edits the profile and signs out without a CSP violation', async ({
  page,
}) => {
  const violations = await cspViolationsOf(page);
  const response = await visit(page, '/');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByTestId('guest-welcome')).toBeVisible();
  expect(await violations()).toEqual([]);

  const ivy = newMember('Ivy');
  await signIn(page, ivy);
  const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#f59e0b' } })
    .jpeg()
    .toBuffer();
  await visit(page, '/create-post');
  await page.getByTestId('create-post-input').fill('Sunrise over the roofs');
  await page
    .getByTestId('create-post-photo-input')
    .setInputFiles({ name: 'sun.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(page.getByTestId('photo-preview')).toBeVisible();
  await page.getByTestId('create-post-submit').click();
  await expect(page.getByTestId('celebration-dialog')).toBeVisible();
  await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });
  const image = postCard(page, 'Sunrise over the roofs').getByTestId('optimized-image').locator('img');
  await expect
    .poll(() => image.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  expect(await violations()).toEqual([]);

  await visit(page, '/profile');
  await page.getByTestId('edit-profile-button').click();
  await expect(page.getByTestId('profile-name-input')).toBeVisible();
  await page.keyboard.press('Escape');
  expect(await violations()).toEqual([]);

  await page.getByTestId('logout-button').click();
  await expect(page.getByTestId('guest-welcome')).toBeVisible();
  expect(await violations()).toEqual([]);
});
