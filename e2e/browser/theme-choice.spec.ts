import { Page, expect, test } from '@playwright/test';
import { newMember } from '../support/identity';
import { signIn, visit, reload } from '../support/story';

const html = (page: Page) => page.locator('html');

/**
 * The theme (ADR 0031): System follows the device's prefers-color-scheme, also when it changes; a
 * manual choice on the own profile applies at once and survives a reload on this device.
 */
test('a member picks Dark on the profile, keeps it across a reload, and System follows the device again', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await signIn(page, newMember('Noor'));
  await visit(page, '/profile');
  const choice = page.getByTestId('theme-choice');
  await expect(choice.getByRole('radio', { name: 'System' })).toBeChecked();
  await expect(html(page)).not.toHaveClass(/\bdark\b/);

  await choice.getByText('Dark', { exact: true }).click();
  await expect(html(page)).toHaveClass(/\bdark\b/);
  await expect(html(page)).toHaveCSS('color-scheme', 'dark');

  await reload(page);
  await expect(page.getByTestId('own-profile')).toBeVisible();
  await expect(html(page)).toHaveClass(/\bdark\b/);
  await expect(choice.getByRole('radio', { name: 'Dark' })).toBeChecked();

  await choice.getByText('System', { exact: true }).click();
  await expect(html(page)).not.toHaveClass(/\bdark\b/);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html(page)).toHaveClass(/\bdark\b/);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(html(page)).not.toHaveClass(/\bdark\b/);

  // Light wins over a dark device, from the first frame after a reload.
  await choice.getByText('Light', { exact: true }).click();
  await page.emulateMedia({ colorScheme: 'dark' });
  await reload(page);
  await expect(page.getByTestId('own-profile')).toBeVisible();
  await expect(html(page)).not.toHaveClass(/\bdark\b/);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the bottom navigation names its centre item Post, in words beside the icon', async ({ page }) => {
    await visit(page, '/');
    const label = page.getByTestId('nav-post').getByText('Post', { exact: true });
    await expect(label).toBeVisible();
    // Not a screen-reader-only label (1 px): text a sighted member reads.
    const box = await label.boundingBox();
    expect(box?.width).toBeGreaterThan(15);
  });
});
