import { expect, test } from '@playwright/test';
import { IDENTITY_HEADER, identityAudience, signIdentityToken } from '@daybreak/nest-common';
import { member } from '../support/member-api';
import { newMember } from '../support/identity';
import { signIn, visit } from '../support/story';

const env = (name: string) => process.env[name]!;

/**
 * Stores a post for `authorId` in the posts service, signed as the gateway would: 25 posts through
 * the gateway would pass its 20-a-minute allowance for posting.
 */
async function storePost(authorId: string, content: string): Promise<void> {
  const stored = await fetch(`${env('E2E_POSTS_URL')}/posts`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [IDENTITY_HEADER]: signIdentityToken(
        { userId: authorId },
        env('E2E_IDENTITY_PRIVATE_KEY'),
        identityAudience('posts'),
      ),
    },
    body: JSON.stringify({ content, timezone: 'UTC' }),
  });
  expect(stored.status).toBe(201);
}

test("a profile pages its posts like the feed: 10, 20, 25, then no 'Load more posts'", async ({ page }) => {
  const writer = await member(env('E2E_BASE_URL'), 'Paige');
  for (let n = 1; n <= 25; n++) await storePost(writer.id, `Morning page ${n}`);
  await signIn(page, newMember('Reader'));

  await visit(page, `/profile/${writer.id}`);
  const cards = page.getByTestId('profile-posts').getByTestId('post-card');
  await expect(cards.first()).toContainText('Morning page 25');
  await expect(cards).toHaveCount(10);

  const more = page.getByTestId('load-more-posts');
  await more.click();
  await expect(cards).toHaveCount(20);
  await more.click();
  await expect(cards).toHaveCount(25);
  await expect(cards.last()).toContainText('Morning page 1');
  await expect(more).toHaveCount(0);
});
