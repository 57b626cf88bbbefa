import { Locator, Page, expect, test } from '@playwright/test';
import { newMember } from '../support/identity';
import { signIn, visit } from '../support/story';

/** Presses Tab until `target` has focus, as a keyboard user would; fails if it is never reached. */
async function tabTo(page: Page, target: Locator, maxPresses = 40): Promise<void> {
  for (let press = 0; press < maxPresses; press += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`${target} was not reached in ${maxPresses} presses of Tab`);
}

/** Opens `panel` from `trigger` with Enter, checks `tabs` presses of Tab stay inside, closes it with Escape. */
async function openAndCloseWithKeyboard(
  page: Page,
  trigger: Locator,
  panel: Locator,
  tabs = 12,
): Promise<void> {
  await tabTo(page, trigger);
  await page.keyboard.press('Enter');
  await expect(panel).toBeVisible();
  const focusInside = () => panel.evaluate((element) => element.contains(document.activeElement));
  await expect.poll(focusInside).toBe(true);
  for (let press = 0; press < tabs; press += 1) {
    await page.keyboard.press('Tab');
    expect(await focusInside(), `focus left the panel after ${press + 1} Tabs`).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(trigger).toBeFocused();
}

test('from the keyboard: skip link, the side sheet, a dialog and the celebration trap focus and give it back', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, newMember('Kit'));
  await visit(page, '/');
  await expect(page.getByTestId('greeting-text')).toBeVisible();

  await page.keyboard.press('Tab');
  await expect(page.getByTestId('skip-link')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();

  await openAndCloseWithKeyboard(
    page,
    page.getByTestId('notifications-bell'),
    page.getByTestId('notifications-sheet'),
  );

  await visit(page, '/profile');
  await openAndCloseWithKeyboard(
    page,
    page.getByTestId('edit-profile-button'),
    page.getByTestId('edit-profile-dialog'),
  );

  await visit(page, '/test/celebration');
  await openAndCloseWithKeyboard(
    page,
    page.getByTestId('celebrate-5am'),
    page.getByTestId('celebration-dialog'),
    // It closes by itself after 4 s: a short walk, so Escape comes before that.
    2,
  );
});
