import { randomUUID } from 'node:crypto';
import type { Post } from '@daybreak/contracts';
import { expect, test } from '@playwright/test';
import { member, type Member } from '../support/member-api';
import { newMember } from '../support/identity';
import { signIn, visit } from '../support/story';

const baseUrl = () => process.env.E2E_BASE_URL!;

/** The ids on a member's first feed pages (50: other tests post at the same time). */
const feedIds = async (who: Member) =>
  ((await who.feed({ limit: 50, offset: 0 })).body as Post[]).map((post) => post.id);

// Issue 42 (ADR 0024): a block or a mute takes the member's posts out of the feed at once.
test("Ana blocks Ben from his profile: his posts vanish from her feed at once, and stay in Cat's", async ({
  page,
}) => {
  const anaIdentity = newMember('Ana');
  const [ana, ben, cat] = await Promise.all([
    member(baseUrl(), anaIdentity),
    member(baseUrl(), 'Benhidden'),
    member(baseUrl(), 'Catsees'),
  ]);
  const words = `Ben's sunrise ${randomUUID().slice(0, 8)}`;
  const catsWords = `Cat's sunrise ${randomUUID().slice(0, 8)}`;
  const bens = (await ben.post({ content: words })).body.post as Post;
  await cat.post({ content: catsWords });
  await signIn(page, anaIdentity);
  const bensCard = page.getByTestId('post-card').filter({ hasText: words });
  await expect(bensCard).toBeVisible();

  await visit(page, `/profile/${ben.id}`);
  await page.getByTestId('block-button').click();
  await page.getByTestId('block-confirm').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Benhidden Early is blocked.' })).toBeVisible();

  await visit(page, '/');
  // The feed has loaded (Cat's post, newer than Ben's, is on it) without Ben's.
  await expect(page.getByTestId('post-card').filter({ hasText: catsWords })).toBeVisible();
  await expect(bensCard).toHaveCount(0);
  expect(await feedIds(ana)).not.toContain(bens.id);
  expect(await feedIds(cat)).toContain(bens.id);
});

test("Ana mutes Cat from her post's menu: the confirm says what it does, and Cat's post leaves the feed", async ({
  page,
}) => {
  const anaIdentity = newMember('Ana');
  const [ana, cat] = await Promise.all([member(baseUrl(), anaIdentity), member(baseUrl(), 'Catmuted')]);
  const words = `Cat's sunrise ${randomUUID().slice(0, 8)}`;
  const cats = (await cat.post({ content: words })).body.post as Post;
  await signIn(page, anaIdentity);
  const catsCard = page.getByTestId('post-card').filter({ hasText: words });

  await catsCard.getByTestId('post-menu-button').click();
  await page.getByTestId('post-menu-mute').click();
  await expect(page.getByTestId('mute-dialog')).toContainText('MUTE Catmuted Early?');
  await expect(page.getByTestId('mute-dialog')).toContainText('leave your feed now');
  await page.getByTestId('mute-confirm').click();

  await expect(page.getByTestId('toast').filter({ hasText: 'Catmuted Early is muted.' })).toBeVisible();
  await expect(catsCard).toHaveCount(0);
  expect(await feedIds(ana)).not.toContain(cats.id);
  // Her own posts carry no menu: nothing to block or mute there.
  const mine = `Ana's sunrise ${randomUUID().slice(0, 8)}`;
  await page.getByTestId('quick-post-input').fill(mine);
  await page.getByTestId('quick-post-submit').click();
  const own = page.getByTestId('post-card').filter({ hasText: mine });
  await expect(own).toBeVisible();
  await expect(own.getByTestId('post-menu-button')).toHaveCount(0);
});
