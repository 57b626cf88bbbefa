import { expect } from '@playwright/test';
import { phoneAndLaptop } from '../support/devices';
import { newMember } from '../support/identity';
import { signIn, test, visit, reload } from '../support/story';

test('Olga signs out everywhere from her phone: her laptop is signed out at its next page', async ({
  newPage,
}) => {
  const olga = newMember('Olga');
  const [phone, laptop] = await phoneAndLaptop(newPage);
  await signIn(phone, olga);
  await signIn(laptop, olga);

  await visit(phone, '/profile');
  await phone.getByTestId('sign-out-everywhere-button').click();
  const dialog = phone.getByTestId('sign-out-everywhere-dialog');
  await expect(dialog).toContainText('Sign out everywhere?');
  // Cancel keeps her signed in.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await reload(phone);
  await expect(phone.getByTestId('own-profile')).toBeVisible();

  await phone.getByTestId('sign-out-everywhere-button').click();
  await phone.getByTestId('sign-out-everywhere-confirm').click();
  await expect(phone.getByTestId('guest-welcome')).toBeVisible();
  await expect(phone).toHaveURL(/\/$/);

  // The laptop's session ended with the phone's: its next page is a guest's.
  await visit(laptop, '/profile');
  await expect(laptop.getByTestId('login-button').first()).toBeVisible();
  await expect(laptop.getByTestId('own-profile')).toHaveCount(0);
  await visit(laptop, '/');
  await expect(laptop.getByTestId('guest-welcome')).toBeVisible();
});
