import { expect, test } from '@playwright/test';
import { member } from '../support/member-api';
import { newMember } from '../support/identity';
import { signIn } from '../support/story';

const baseUrl = () => process.env.E2E_BASE_URL!;

test("Ana blocks Ben from his profile (confirm, toast), the follows end, and she unblocks him from her own profile's list", async ({
  page,
}) => {
  const ben = await member(baseUrl(), 'Benblocked');
  await signIn(page, newMember('Ana'));
  await page.goto(`/profile/${ben.id}`);
  await page.getByTestId('follow-button').click();
  await expect(page.getByTestId('followers-count')).toHaveText('1');

  await page.getByTestId('block-button').click();
  await expect(page.getByTestId('block-dialog')).toContainText('BLOCK Benblocked Early?');
  await page.getByTestId('block-confirm').click();

  await expect(page.getByTestId('toast')).toContainText('Benblocked Early is blocked.');
  await expect(page.getByTestId('unblock-button')).toBeVisible();
  await expect(page.getByTestId('followers-count')).toHaveText('0');
  await expect(page.getByTestId('follow-button')).toHaveText('Follow');
  await page.getByTestId('follow-button').click();
  await expect(page.getByTestId('toast').last()).toContainText("You can't follow this member.");

  await page.getByTestId('mute-button').click();
  await page.getByTestId('mute-confirm').click();
  await expect(page.getByTestId('unmute-button')).toBeVisible();

  await page.goto('/profile');
  const section = page.getByTestId('blocked-and-muted');
  await expect(section.getByTestId('block-row')).toContainText('Benblocked Early');
  await expect(section.getByTestId('mute-row')).toContainText('Benblocked Early');
  await section.getByRole('button', { name: 'UNBLOCK Benblocked Early' }).click();
  await expect(section.getByTestId('block-row')).toHaveCount(0);
  await section.getByRole('button', { name: 'UNMUTE Benblocked Early' }).click();
  await expect(section.getByTestId('blocked-and-muted-empty')).toBeVisible();
});
