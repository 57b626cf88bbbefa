import { expect, type Page } from '@playwright/test';
import { newMember, type Identity } from '../support/identity';
import { fillSignInForm, signIn, test, type NewPage, visit } from '../support/story';

/** A page of its own (cookies, clipboard) for each person in the story. */
function personPage(newPage: NewPage): Promise<Page> {
  return newPage({ permissions: ['clipboard-read', 'clipboard-write'] });
}

async function acceptAs(page: Page, invitePath: string, friend: Identity, signedIn: boolean): Promise<void> {
  await visit(page, invitePath);
  await expect(page.getByTestId('invite-title')).toHaveText('Ana Early INVITED YOU TO JOIN');
  if (!signedIn) {
    await page.getByTestId('sign-in-to-join').click();
    await fillSignInForm(page, friend);
    await expect(page).toHaveURL(new RegExp(`${invitePath}$`));
  }
  await page.getByTestId('accept-invite').click();
  await expect(page.getByTestId('toast')).toContainText(
    "You're now following each other. Start sharing your morning journey!",
  );
  await expect(page).toHaveURL(/\/$/);
}

test('one invite link in a group chat: Cleo and Dan both join with it, Ana follows both; a new link ends the old', async ({
  newPage,
}) => {
  const [ana, cleo, dan] = await Promise.all([personPage(newPage), personPage(newPage), personPage(newPage)]);
  await signIn(ana, newMember('Ana'));
  await visit(ana, '/profile');
  await ana.getByTestId('invite-friends-button').click();
  const link = await ana.getByTestId('invite-link').inputValue();
  const invitePath = new URL(link).pathname;
  await expect(ana.getByTestId('invite-expires')).toBeVisible();
  // Copying the link counts it as sent (the invites-sent badges).
  const shared = ana.waitForResponse((response) => response.url().endsWith(`${invitePath.slice(7)}/shared`));
  await ana.getByTestId('invite-copy').click();
  expect((await shared).status()).toBe(200);
  await ana.keyboard.press('Escape');

  await acceptAs(cleo, invitePath, newMember('Cleo'), false);
  const danIdentity = newMember('Dan');
  await signIn(dan, danIdentity);
  await acceptAs(dan, invitePath, danIdentity, true);

  await visit(ana, '/profile');
  await expect(ana.getByTestId('followers-count')).toHaveText('2');
  await expect(ana.getByTestId('following-count')).toHaveText('2');
  await visit(dan, '/profile');
  await expect(dan.getByTestId('following-count')).toHaveText('1');

  // Ana opening her own link still sees it is hers.
  await visit(ana, invitePath);
  await expect(ana.getByTestId('invite-title')).toHaveText('THIS IS YOUR INVITE LINK');

  await visit(ana, '/profile');
  await ana.getByTestId('invite-friends-button').click();
  await expect(ana.getByTestId('invite-link')).toHaveValue(link);
  await ana.getByTestId('invite-renew').click();
  await expect(ana.getByTestId('invite-link')).not.toHaveValue(link);
  await visit(cleo, invitePath);
  await expect(cleo.getByTestId('invite-invalid')).toBeVisible();
});
