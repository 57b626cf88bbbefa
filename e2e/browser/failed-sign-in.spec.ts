import { expect, test } from '@playwright/test';
import { newMember } from '../support/identity';
import { fillSignInForm, visit, reload } from '../support/story';

test('a sign-in that does not complete says so on the feed, and TRY AGAIN signs the visitor in', async ({
  page,
}) => {
  // A callback without an authorization response is one the gateway refuses: it sends the browser to
  // /?login=failed, as for a sign-in cancelled at the provider.
  await visit(page, '/api/callback');

  const banner = page.getByRole('alert').filter({ hasText: "SIGN-IN DIDN'T WORK" });
  await expect(banner).toContainText("We couldn't sign you in.");
  // Shown once: the parameter leaves the address, so a reload does not repeat it.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('guest-welcome')).toBeVisible();

  const fern = newMember('Fern');
  await banner.getByRole('link', { name: 'TRY AGAIN' }).click();
  await fillSignInForm(page, fern);
  await expect(page.getByTestId('greeting-text')).toContainText('Fern');
  await expect(page.getByTestId('sign-in-failed')).toBeHidden();
});

test('the failed sign-in message can be dismissed and does not come back on reload', async ({ page }) => {
  await visit(page, '/?login=failed');
  await expect(page.getByTestId('sign-in-failed')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  await page.getByTestId('sign-in-failed-dismiss').click();
  await expect(page.getByTestId('sign-in-failed')).toBeHidden();
  await reload(page);
  await expect(page.getByTestId('guest-welcome')).toBeVisible();
  await expect(page.getByTestId('sign-in-failed')).toBeHidden();
});
