import { expect, test } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { newMember } from '../support/identity';
import { postCard, postUpdate, signIn, visit, reload } from '../support/story';

test('Erin signs in, posts, still sees her post after a reload, signs out and sees the guest view', async ({
  page,
}) => {
  const erin = newMember('Erin');
  const update = `Sunrise run ${randomUUID().slice(0, 8)}`;

  await visit(page, '/');
  await expect(page.getByTestId('guest-welcome')).toBeVisible();
  await expect(page.getByTestId('app-header')).toBeHidden();

  await signIn(page, erin);
  await expect(page.getByTestId('app-header')).toBeVisible();
  await postUpdate(page, update);
  await expect(postCard(page, update).getByTestId('post-author')).toHaveText(erin.name);

  await reload(page);
  await expect(postCard(page, update)).toBeVisible();

  await visit(page, '/profile');
  await page.getByTestId('logout-button').click();
  await expect(page.getByTestId('guest-welcome')).toBeVisible();
  await expect(page.getByTestId('app-header')).toBeHidden();
  await expect(postCard(page, update)).toBeVisible();
});

test('a guest who opens their profile is sent to sign in, and comes back where they were', async ({
  page,
}) => {
  await visit(page, '/profile');
  await page.getByTestId('login-button').first().click();
  await expect(page.getByTestId('dev-idp-email')).toBeVisible();
  const ana = newMember('Ana');
  await page.getByTestId('dev-idp-name').fill(ana.name);
  await page.getByTestId('dev-idp-email').fill(ana.email);
  await page.getByTestId('dev-idp-submit').click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByTestId('logout-button')).toBeVisible();
});

test('an unknown address shows the not-found screen', async ({ page }) => {
  await visit(page, '/no/such/page');
  await expect(page.getByTestId('not-found')).toContainText('404 Page Not Found');
});
