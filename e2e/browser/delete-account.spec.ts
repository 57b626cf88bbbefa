import { expect } from '@playwright/test';
import { phoneAndLaptop } from '../support/devices';
import { newMember } from '../support/identity';
import { postCard, postUpdate, signIn, test, visit } from '../support/story';

test("Lena deletes her account: she is signed out, her post leaves Mark's feed, and signing in again starts empty", async ({
  newPage,
}) => {
  const [lena, mark] = [newMember('Lena'), newMember('Mark')];
  const [lenasPage, marksPage] = await phoneAndLaptop(newPage);
  const text = `Lena's last sunrise ${Date.now()}`;
  await signIn(lenasPage, lena);
  await postUpdate(lenasPage, text);
  await signIn(marksPage, mark);
  const marksText = `Mark's sunrise ${Date.now()}`;
  await postUpdate(marksPage, marksText);
  await expect(postCard(marksPage, text)).toBeVisible();
  // Mark follows her, so her new self would show a follower if anything of her stayed.
  await postCard(marksPage, text).locator('a[href^="/profile/"]').first().click();
  await marksPage.getByTestId('follow-button').click();
  await expect(marksPage.getByTestId('followers-count')).toHaveText('1');

  await visit(lenasPage, '/profile');
  await lenasPage.getByTestId('delete-account-button').click();
  const dialog = lenasPage.getByTestId('delete-account-dialog');
  await expect(dialog).toContainText('Delete your account?');
  await expect(dialog.getByTestId('delete-account-confirm')).toBeDisabled();
  await dialog.getByTestId('delete-account-input').fill('DELETE');
  await dialog.getByTestId('delete-account-confirm').click();

  // Signed out, on the landing page, told so.
  await expect(lenasPage.getByTestId('guest-welcome')).toBeVisible();
  await expect(lenasPage).toHaveURL(/\/$/);
  await expect(lenasPage.getByTestId('toast')).toContainText('Account deleted');
  await visit(lenasPage, '/profile');
  await expect(lenasPage.getByTestId('own-profile')).toHaveCount(0);

  // Her post leaves Mark's feed once posts has erased her (an event away).
  await expect(async () => {
    await visit(marksPage, '/');
    await expect(postCard(marksPage, marksText)).toBeVisible();
    await expect(postCard(marksPage, text)).toHaveCount(0);
  }).toPass({ timeout: 20_000 });

  // The same person signs in again: a new member, with nothing.
  await signIn(lenasPage, lena);
  await visit(lenasPage, '/profile');
  await expect(lenasPage.getByTestId('own-profile')).toBeVisible();
  await expect(lenasPage.getByTestId('profile-no-posts')).toBeVisible();
  await expect(lenasPage.getByTestId('followers-count')).toHaveText('0');
  await expect(lenasPage.getByTestId('stat-current-streak')).toHaveText('0');
});
