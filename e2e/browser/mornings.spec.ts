import { expect, test, type Page } from '@playwright/test';
import { newMember } from '../support/identity';
import { signIn, visit, reload } from '../support/story';

/** Where the screenshots of the section go when asked (`SHOTS_DIR`), named by width. */
async function shoot(page: Page, name: string): Promise<void> {
  if (process.env.SHOTS_DIR)
    await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png`, fullPage: false });
}

/** "HH:MM" on the browser's own clock, of the first whole minute at least `aheadMs` from now. */
const localMinuteAhead = (page: Page, aheadMs: number) =>
  page.evaluate((ahead) => {
    const at = new Date(Math.ceil((Date.now() + ahead) / 60_000) * 60_000);
    return at.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  }, aheadMs);

for (const width of [390, 1280]) {
  test(`Mia sets her mornings on her profile (${width} px): reminder, time, days, nudge and recap are kept`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, newMember('Mia'));
    await visit(page, '/profile');
    const section = page.getByTestId('mornings-section');
    await expect(section).toContainText('Mornings');
    // Off until she turns it on; push is off in this browser, so the reminders would be in-app only.
    await expect(section.getByTestId('reminder-enabled')).toHaveAttribute('aria-checked', 'false');
    await expect(section.getByTestId('reminder-time')).toHaveValue('04:50');
    await expect(section.getByTestId('reminders-in-app-only')).toContainText('reminders arrive in-app only');
    await expect(section.getByTestId('mornings-push-enable')).toBeVisible();

    await section.getByTestId('reminder-enabled').click();
    await expect(section.getByTestId('reminder-enabled')).toHaveAttribute('aria-checked', 'true');
    await section.getByTestId('reminder-time').fill('05:15');
    await section.getByRole('button', { name: 'Sunday' }).click();
    await expect(section.getByRole('button', { name: 'Sunday' })).toHaveAttribute('aria-pressed', 'false');
    await section.getByTestId('reminder-weekly-recap').click();
    await expect(section.getByTestId('reminder-weekly-recap')).toHaveAttribute('aria-checked', 'false');
    await expect
      .poll(async () => (await page.request.get('/api/profile/reminders')).json())
      .toEqual({
        enabled: true,
        time: '05:15',
        days: [1, 2, 3, 4, 5, 6],
        streakNudge: true,
        weeklyRecap: false,
      });
    await section.scrollIntoViewIfNeeded();
    await shoot(page, `mornings-section-${width}`);

    // What she chose is what she finds when she comes back.
    await reload(page);
    await expect(section.getByTestId('reminder-enabled')).toHaveAttribute('aria-checked', 'true');
    await expect(section.getByTestId('reminder-time')).toHaveValue('05:15');
    await expect(section.getByRole('button', { name: 'Saturday' })).toHaveAttribute('aria-pressed', 'true');
    await expect(section.getByRole('button', { name: 'Sunday' })).toHaveAttribute('aria-pressed', 'false');
    await expect(section.getByTestId('reminder-streak-nudge')).toHaveAttribute('aria-checked', 'true');
    await expect(section.getByTestId('reminder-weekly-recap')).toHaveAttribute('aria-checked', 'false');
  });
}

test('Noa sets her reminder a minute ahead: it arrives in her notifications with its own icon and opens posting', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, newMember('Noa'));
  await visit(page, '/profile');
  const section = page.getByTestId('mornings-section');
  await section.getByTestId('reminder-enabled').click();
  const time = await localMinuteAhead(page, 20_000);
  await section.getByTestId('reminder-time').fill(time);
  await expect
    .poll(
      async () =>
        ((await (await page.request.get('/api/profile/reminders')).json()) as { time: string }).time,
    )
    .toBe(time);

  const badge = page.getByTestId('nav-alerts').getByTestId('unread-badge');
  await expect(badge).toHaveText(/^1\b/, { timeout: 110_000 });
  await page.getByTestId('nav-alerts').click();
  const reminder = page.getByTestId('notification-row').filter({ hasText: 'Rise and shine' });
  await expect(reminder).toContainText('Rise and shine: your 5 AM window is open.');
  await expect(reminder.getByTestId('notification-type-icon')).toHaveAttribute('data-kind', 'reminder');
  await shoot(page, 'reminder-notification-390');
  await page.setViewportSize({ width: 1280, height: 900 });
  await shoot(page, 'reminder-notification-1280');
  await reminder.click();
  await expect(page).toHaveURL(/\/create-post$/);
});
