import { expect, test, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { member } from '../support/member-api';
import { zoneWhereItIsFiveAmNow } from '../support/stack-env';
import { newMember } from '../support/identity';
import { postCard, postUpdate, signIn } from '../support/story';

const baseUrl = () => process.env.E2E_BASE_URL!;

/** What the SPA's analytics adapter pushes to `window.__daybreakAnalytics` (frontend/src/lib/analytics.ts). */
interface Recorded {
  type: 'event' | 'page_view';
  name: string;
  path: string;
  properties: Record<string, string | number | boolean | null>;
}

/**
 * Every document starts with an empty recording array, which the adapter fills. A full-page load (the
 * sign-in round trip) starts a new one, so the recording begins when the app is back from the provider;
 * everything after that stays in one document (client-side navigation), as a member's session does.
 */
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    (window as unknown as { __daybreakAnalytics: unknown[] }).__daybreakAnalytics = [];
  });
});

const recorded = (page: Page) =>
  page.evaluate(() => (window as unknown as { __daybreakAnalytics: Recorded[] }).__daybreakAnalytics);

/** Page views as `page_view <path>`, events by name: the sequence the test compares. */
const labels = (events: Recorded[]) =>
  events.map((event) => (event.type === 'page_view' ? `page_view ${event.path}` : event.name));

/** Waits until the recording is exactly `expected` (some events follow a server answer). */
async function expectRecording(page: Page, expected: string[]) {
  await expect.poll(async () => labels(await recorded(page))).toEqual(expected);
}

/** The device says it is between 4:30 and 5:30 in the morning (the real instant, in a zone where it is). */
const startedAt = new Date();
test.use({ timezoneId: zoneWhereItIsFiveAmNow(startedAt) });

test('a new member signs up, posts at 5 AM, likes, comments, shares and follows: one event each, in order', async ({
  page,
  context,
}) => {
  await page.clock.install({ time: startedAt });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const ben = await member(baseUrl(), 'Ben');
  const bensUpdate = `Ben's sunrise ${randomUUID().slice(0, 8)}`;
  const bensPost = await ben.post({ content: bensUpdate });
  expect(bensPost.status).toBe(201);
  const bensPostId = (bensPost.body as { post: { id: string } }).post.id;

  // Sign-in: back on / as a brand-new member.
  await signIn(page, newMember('Fern'));
  const expected = ['page_view /', 'sign_up'];
  await expectRecording(page, expected);

  // A post at 5 AM: created, an early bird's morning, the badges it earned, and a streak of 1.
  const answer = page.waitForResponse(
    (response) => response.url().endsWith('/api/posts') && response.request().method() === 'POST',
  );
  await postUpdate(page, `Up with the sun ${randomUUID().slice(0, 8)}`);
  const { newBadges } = (await (await answer).json()) as { newBadges: { id: string; name: string }[] };
  expect(newBadges.length, 'a first early post earns a badge').toBeGreaterThan(0);
  expected.push(
    'post_created',
    'morning_activity',
    ...newBadges.map(() => 'badge_earned'),
    'streak_achieved',
  );
  await expectRecording(page, expected);

  const bensCard = postCard(page, bensUpdate);
  await bensCard.getByTestId('like-button').click();
  expected.push('post_liked');
  await expectRecording(page, expected);

  await bensCard.getByTestId('comment-button').click();
  await bensCard.getByTestId('comment-input').fill('Good morning, Ben!');
  await bensCard.getByTestId('comment-submit').click();
  await expect(page.getByTestId('toast')).toContainText('Comment posted successfully.');
  expected.push('post_commented');
  await expectRecording(page, expected);

  // No share sheet in this browser: the link is copied.
  await page.evaluate(() => Object.defineProperty(navigator, 'share', { value: undefined }));
  await bensCard.getByTestId('share-button').click();
  await expect(page.getByTestId('toast')).toContainText('Post link copied to clipboard!');
  expected.push('share');
  await expectRecording(page, expected);

  await bensCard.getByTestId('post-author').click();
  await expect(page).toHaveURL(new RegExp(`/profile/${ben.id}$`));
  await page.getByTestId('follow-button').click();
  await expect(page.getByTestId('follow-button')).toHaveText('Following');
  expected.push(`page_view /profile/${ben.id}`, 'profile_viewed', 'user_followed');
  await expectRecording(page, expected);

  // The properties that say what happened.
  const events = await recorded(page);
  const find = (name: string) => events.find((event) => event.name === name)?.properties;
  expect(find('sign_up')).toEqual({ method: 'daybreak_oidc' });
  expect(find('post_created')).toMatchObject({ has_image: false });
  expect(find('morning_activity')).toMatchObject({ activity: 'early_bird' });
  expect([4, 5]).toContain(find('morning_activity')?.hour);
  expect(
    events.filter((event) => event.name === 'badge_earned').map((event) => event.properties.badge_id),
  ).toEqual(newBadges.map((badge) => badge.id));
  expect(find('streak_achieved')).toEqual({ streak: 1, previous_streak: 0 });
  expect(find('post_liked')).toEqual({ post_id: bensPostId });
  expect(find('post_commented')).toEqual({ post_id: bensPostId });
  expect(find('share')).toEqual({ content_type: 'post', post_id: bensPostId, method: 'copied' });
  expect(find('profile_viewed')).toEqual({ profile_user_id: ben.id, own_profile: false });
  expect(find('user_followed')).toEqual({ followed_user_id: ben.id });
});
