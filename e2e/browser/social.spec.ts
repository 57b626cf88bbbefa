import { expect } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { member } from '../support/member-api';
import { newMember } from '../support/identity';
import { fillSignInForm, signIn, test, visit, reload } from '../support/story';

const baseUrl = () => process.env.E2E_BASE_URL!;

/** A first name nobody else in the database has, so a search finds exactly this member. */
const uniqueFirstName = (base: string) =>
  `${base}${randomUUID()
    .replace(/[^a-f]/g, '')
    .slice(0, 6)}`;

test('Ben finds Quinn by search, follows her, sees Following on her profile, then unfollows', async ({
  page,
}) => {
  const quinnName = uniqueFirstName('Quinn');
  const quinn = await member(baseUrl(), quinnName);
  await signIn(page, newMember('Ben'));

  await visit(page, '/following');
  await page.getByTestId('tab-find-people').click();
  await page.getByTestId('people-search-input').fill(`  ${quinnName.toLowerCase()} `);
  await page.getByTestId('people-search-submit').click();

  const row = page.getByTestId('search-results').getByTestId('user-row').filter({ hasText: quinnName });
  await expect(row).toHaveCount(1);
  await row.getByTestId('follow-button').click();
  await expect(page.getByTestId('toast')).toContainText('Now following user.');
  await expect(row.getByTestId('follow-button')).toHaveAttribute('aria-pressed', 'true');

  await row.getByTestId('user-row-link').click();
  await expect(page).toHaveURL(new RegExp(`/profile/${quinn.id}\\?from=find-people$`));
  await expect(page.getByTestId('profile-name')).toHaveText(`${quinnName} Early`);
  await expect(page.getByTestId('profile-back-link')).toHaveText('Back to Find People');
  const follow = page.getByTestId('follow-button');
  await expect(follow).toHaveText('Following');
  await expect(page.getByTestId('followers-count')).toHaveText('1');

  await follow.click();
  await expect(follow).toHaveText('Follow');
  await reload(page);
  await expect(page.getByTestId('follow-button')).toHaveText('Follow');
  await expect(page.getByTestId('followers-count')).toHaveText('0');

  await page.getByTestId('profile-back-link').click();
  await expect(page).toHaveURL(/\/following\?tab=find-people$/);
});

test('Ana invites a friend: a guest opens the link, signs in as Cleo, accepts, and both follow each other', async ({
  newPage,
}) => {
  const anaPage = await newPage();
  await signIn(anaPage, newMember('Ana'));
  await visit(anaPage, '/profile');
  await anaPage.getByTestId('invite-friends-button').click();
  const link = await anaPage.getByTestId('invite-link').inputValue();
  expect(link).toMatch(/\/invite\/[A-Za-z0-9_-]{8,}$/);
  const invitePath = new URL(link).pathname;

  const page = await newPage();
  await visit(page, invitePath);
  await expect(page.getByTestId('invite-title')).toHaveText('Ana Early INVITED YOU TO JOIN');
  await page.getByTestId('sign-in-to-join').click();
  await fillSignInForm(page, newMember('Cleo'));
  await expect(page).toHaveURL(new RegExp(`${invitePath}$`));

  await page.getByTestId('accept-invite').click();
  await expect(page.getByTestId('toast')).toContainText(
    "You're now following each other. Start sharing your morning journey!",
  );
  await expect(page).toHaveURL(/\/$/);

  await visit(page, '/profile');
  await expect(page.getByTestId('followers-count')).toHaveText('1');
  await expect(page.getByTestId('following-count')).toHaveText('1');

  await visit(anaPage, '/profile');
  await expect(anaPage.getByTestId('followers-count')).toHaveText('1');
  await expect(anaPage.getByTestId('following-count')).toHaveText('1');
});
