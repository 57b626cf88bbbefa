import { expect, test, type Page } from '@playwright/test';
import { waitFor } from '@daybreak/testing';
import { guest, member } from '../support/member-api';
import { newMember } from '../support/identity';
import { signIn, visit } from '../support/story';

const baseUrl = () => process.env.E2E_BASE_URL!;

/** Spec §2: the three fixed articles. */
const ARTICLE_IDS = ['why-5am-health-success', 'fitness-tracker-complement', 'social-accountability-habits'];

/**
 * Moves the SPA to `path` without loading a document, the way the router handles the browser's
 * back and forward buttons: the address changes, then a popstate event tells the router.
 */
async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(window.history.state, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
  await expect(page).toHaveURL(`${baseUrl()}${path}`);
}

/** The head as the SPA left it: one title, one description and one canonical link. */
async function head(page: Page) {
  return page.evaluate(() => {
    const descriptions = Array.from(document.head.querySelectorAll('meta[name="description"]'));
    const canonicals = Array.from(document.head.querySelectorAll('link[rel="canonical"]'));
    return {
      title: document.title,
      descriptions: descriptions.map((tag) => tag.getAttribute('content')),
      canonicals: canonicals.map((tag) => tag.getAttribute('href')),
      ogTitle: document.head.querySelector('meta[property="og:title"]')?.getAttribute('content'),
    };
  });
}

async function expectHead(page: Page, path: string, title: string | RegExp, description?: string) {
  // Polled as a whole: on a fresh load the gateway's title is there before the router's tags.
  await expect
    .poll(async () => {
      const { title: current, canonicals } = await head(page);
      return { title: current, canonical: canonicals.at(-1) };
    })
    .toEqual({
      title: typeof title === 'string' ? title : expect.stringMatching(title),
      canonical: `${baseUrl()}${path}`,
    });
  const current = await head(page);
  expect(current.descriptions).toHaveLength(1);
  expect(current.descriptions[0]!.length).toBeGreaterThan(10);
  if (description !== undefined) expect(current.descriptions[0]).toBe(description);
  expect(current.canonicals).toEqual([`${baseUrl()}${path}`]);
  expect(current.ogTitle).toBe(current.title);
  return current;
}

test('client-side navigation gives every route its title, description and canonical link', async ({
  page,
}) => {
  // Pat's post, with Pat's name already in the posts service's read model.
  const pat = await member(baseUrl(), 'Pat');
  const content = `Coffee, notebook and the first light over the roofs at five. ${'Quiet streets. '.repeat(5)}`;
  const created = await pat.post({ content });
  expect(created.status).toBe(201);
  const postId: string = created.body.post.id;
  await waitFor(async () => (await guest(baseUrl()).readPost(postId)).body.user?.firstName, {
    description: "Pat's name on the post",
  });

  await signIn(page, newMember('Meta'));
  // Set on the loaded document: still there after every navigation, so none loaded a new one.
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

  await expectHead(page, '/', 'For You | Daybreak');
  await navigateInApp(page, '/landing');
  await expectHead(page, '/landing', 'Daybreak: Chase your dreams before the world wakes up');
  await navigateInApp(page, '/blog');
  await expectHead(page, '/blog', 'Rise & Learn: the Blog | Daybreak');
  const articleDescriptions = new Set<string | null>();
  for (const id of ARTICLE_IDS) {
    await navigateInApp(page, `/blog/${id}`);
    const article = await expectHead(page, `/blog/${id}`, /^.{10,} \| Daybreak Blog$/);
    articleDescriptions.add(article.descriptions[0]);
  }
  expect(articleDescriptions.size).toBe(ARTICLE_IDS.length);
  await navigateInApp(page, `/post/${postId}`);
  await expectHead(page, `/post/${postId}`, 'Pat Early on Daybreak', content.slice(0, 100));
  await navigateInApp(page, `/profile/${pat.id}`);
  await expectHead(page, `/profile/${pat.id}`, 'Profile | Daybreak');
  await navigateInApp(page, '/profile');
  await expectHead(page, '/profile', 'Your Profile | Daybreak');
  await navigateInApp(page, '/notifications');
  await expectHead(page, '/notifications', 'Notifications | Daybreak');
  await navigateInApp(page, '/following');
  await expectHead(page, '/following', 'Following | Daybreak');
  await navigateInApp(page, '/create-post');
  await expectHead(page, '/create-post', 'New Post | Daybreak');
  await navigateInApp(page, '/');
  await expectHead(page, '/', 'For You | Daybreak');

  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
    true,
  );
});

test('a page loaded from the gateway keeps one set of tags once the SPA takes over', async ({ page }) => {
  await visit(page, '/landing');

  const current = await expectHead(page, '/landing', 'Daybreak: Chase your dreams before the world wakes up');
  expect(current.descriptions).toHaveLength(1);
  // The gateway's tags were replaced by the router's, not added to.
  expect(await page.locator('head [data-page-meta]').count()).toBe(0);
  expect(await page.locator('head meta[property="og:image"]').count()).toBe(1);
});
