import {
  test as base,
  expect,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
  type Response,
} from '@playwright/test';
import type { Identity } from './identity';

/**
 * Waits until the app runs on the page: a page the gateway rendered shows its content before its
 * scripts have hydrated it (ADR 0032), so what is visible says nothing of what the app has done
 * (e.g. queued its analytics); a page served as the shell is the app's from its first paint.
 */
export async function untilAppRuns(page: Page): Promise<void> {
  await expect(page.locator('#root[data-hydrated], #root:not([data-server-rendered])')).toBeAttached();
}

/**
 * Opens an address of the app and returns once the app runs on it. A page the gateway rendered is on
 * screen before its scripts have hydrated it (ADR 0032), and a tap then meets a control that does
 * nothing yet (a like, a share, a menu) or is a plain link: a test that opened it with `page.goto`
 * and tapped at once lost that race now and then on a busy machine. Lint sends every spec here; one
 * that looks at a page before it runs (scripts off, the HTML as sent) says so where it calls goto.
 */
export async function visit(page: Page, url: string): Promise<Response | null> {
  const response = await page.goto(url);
  await untilAppRuns(page);
  return response;
}

/** Reloads the page and returns once the app runs on it again (see `visit`). */
export async function reload(page: Page): Promise<void> {
  await page.reload();
  await untilAppRuns(page);
}

/** Signs in through the header button and the development identity provider's form. */
export async function signIn(page: Page, member: Identity): Promise<void> {
  await visit(page, '/');
  await page.getByTestId('login-button').first().click();
  await fillSignInForm(page, member);
  await expect(page.getByTestId('greeting-text')).toContainText(member.name.split(' ')[0]);
}

/** A page of its own (its own cookies), with these options, closed with the test. */
export type NewPage = (options?: BrowserContextOptions) => Promise<Page>;

/**
 * The tests' `test`. Every page beside the test's own comes from it, and is closed with the test,
 * passed or failed: a context left open lives on until the last test of the run, its app polling
 * and streaming beside every later test (six of them once ran behind a sign-in that timed out), and
 * each failure then screenshots all of them. Lint refuses `browser.newContext()` in a spec.
 * - `newPage(options)`: a page of its own, e.g. with scripts off or a phone's viewport;
 * - `pageAs(who)`: such a page, signed in as `who`.
 */
export const test = base.extend<{ newPage: NewPage; pageAs: (who: Identity) => Promise<Page> }>({
  newPage: async ({ browser }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (options) => {
      const context = await browser.newContext(options);
      contexts.push(context);
      return context.newPage();
    });
    await Promise.all(contexts.map((context) => context.close()));
  },
  pageAs: async ({ newPage }, use) => {
    await use(async (who) => {
      const page = await newPage();
      await signIn(page, who);
      return page;
    });
  },
});

/** Completes the development identity provider's form the browser was sent to. */
export async function fillSignInForm(page: Page, member: Identity): Promise<void> {
  await page.getByTestId('dev-idp-name').fill(member.name);
  await page.getByTestId('dev-idp-email').fill(member.email);
  await page.getByTestId('dev-idp-submit').click();
  // Back on the app's page the sign-in started from, which runs before the test taps on (see `visit`).
  await page.waitForURL((url) => url.origin === new URL(process.env.E2E_BASE_URL!).origin);
  await untilAppRuns(page);
}

/** Posts from the quick-post box on the home feed and waits for the post to show. */
export async function postUpdate(page: Page, text: string): Promise<void> {
  await page.getByTestId('quick-post-input').fill(text);
  await page.getByTestId('quick-post-submit').click();
  await expect(postCard(page, text)).toBeVisible();
}

export const postCard = (page: Page, text: string) => page.getByTestId('post-card').filter({ hasText: text });

/**
 * Opens a post's own page from its card in the feed, and waits for that page: until it shows, the
 * feed is still on screen, and its cards have comments and buttons of the same test ids.
 */
export async function openPostPage(page: Page, text: string): Promise<void> {
  await postCard(page, text).locator('a[href^="/post/"]').first().click();
  await expect(page).toHaveURL(/\/post\//);
  await expect(page.getByTestId('post-detail')).toContainText(text);
}
