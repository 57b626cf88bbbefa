import { expect, test } from '@playwright/test';
import { member } from '../support/member-api';
import { newMember } from '../support/identity';
import { signIn, visit } from '../support/story';

const baseUrl = () => process.env.E2E_BASE_URL!;

// Issue 42: while the block stands, Ben's profile is not found to Ana (as hers is to him), so the
// muting happens first and the unblocking from her own profile's "Blocked and muted" section.
test("Ana mutes and blocks Ben from his profile (confirm, toast), his profile is then not found to her, and she unblocks him from her own profile's list", async ({
  page,
}) => {
  const ben = await member(baseUrl(), 'Benblocked');
  await signIn(page, newMember('Ana'));
  await visit(page, `/profile/${ben.id}`);
  await page.getByTestId('follow-button').click();
  await expect(page.getByTestId('followers-count')).toHaveText('1');

  await page.getByTestId('mute-button').click();
  await page.getByTestId('mute-confirm').click();
  await expect(page.getByTestId('unmute-button')).toBeVisible();
  // A mute keeps the follow.
  await expect(page.getByTestId('follow-button')).toHaveText('Following');

  await page.getByTestId('block-button').click();
  await expect(page.getByTestId('block-dialog')).toContainText('BLOCK Benblocked Early?');
  await page.getByTestId('block-confirm').click();

  await expect(page.getByTestId('toast').filter({ hasText: 'Benblocked Early is blocked.' })).toBeVisible();
  await expect(page.getByTestId('profile-error')).toContainText('MEMBER NOT FOUND');

  await visit(page, '/profile');
  const section = page.getByTestId('blocked-and-muted');
  await expect(section.getByTestId('block-row')).toContainText('Benblocked Early');
  await expect(section.getByTestId('mute-row')).toContainText('Benblocked Early');
  await section.getByRole('button', { name: 'UNBLOCK Benblocked Early' }).click();
  await expect(section.getByTestId('block-row')).toHaveCount(0);
  await section.getByRole('button', { name: 'UNMUTE Benblocked Early' }).click();
  await expect(section.getByTestId('blocked-and-muted-empty')).toBeVisible();

  // Unblocked, he is there again; the block ended the follow.
  await visit(page, `/profile/${ben.id}`);
  await expect(page.getByTestId('other-profile')).toBeVisible();
  await expect(page.getByTestId('followers-count')).toHaveText('0');
  await expect(page.getByTestId('follow-button')).toHaveText('Follow');
});
