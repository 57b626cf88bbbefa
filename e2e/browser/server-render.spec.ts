import { expect, type Page } from '@playwright/test';
import { test, visit } from '../support/story';
import { member } from '../support/member-api';
import { cspViolationsOf } from '../support/csp';

const baseUrl = () => process.env.E2E_BASE_URL!;

/** Spec §2: the three fixed articles. */
const ARTICLE_IDS = ['why-5am-health-success', 'fitness-tracker-complement', 'social-accountability-habits'];

/** What React says when the server's HTML and the first render in the browser differ (ADR 0032). */
const HYDRATION_TROUBLE =
  /hydrat|did not match|didn't match|server rendered|server HTML|Minified React error #(418|419|421|422|423|425)/i;

/** Console errors and warnings, and uncaught errors, from the page's start. */
function recordProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

async function publicRoutes(): Promise<string[]> {
  const ana = await member(baseUrl(), 'Rendered');
  const created = await ana.post({ content: 'Rendered on the server before the scripts ran' });
  expect(created.status).toBe(201);
  const invite = await ana.invite();
  expect(invite.status).toBe(200);
  return [
    '/',
    '/landing',
    '/blog',
    ...ARTICLE_IDS.map((id) => `/blog/${id}`),
    `/post/${created.body.post.id}`,
    `/invite/${invite.body.inviteCode}`,
  ];
}

for (const width of [390, 1280]) {
  test(`each public route comes rendered from the server and hydrates without a mismatch at ${width} px`, async ({
    browser,
  }) => {
    const routes = await publicRoutes();
    for (const route of routes) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      const problems = recordProblems(page);
      const response = await visit(page, route);
      const html = (await response?.text()) ?? '';
      expect(html, route).toContain('<div id="root" data-server-rendered>');
      expect(html, route).not.toContain('data-testid="auth-loading"');
      // Set after hydration commits, when React has reported any mismatch (main.tsx).
      await expect(page.locator('#root[data-hydrated]'), route).toBeAttached();
      expect(
        problems.filter((problem) => HYDRATION_TROUBLE.test(problem)),
        route,
      ).toEqual([]);
      await page.close();
    }
  });
}

// A phone's clock is often a little off the server's. Hydration writes "now" and "5m" against the
// render's instant (lib/render-clock.ts) however late React hydrates a part of the page, and only
// then the device's own clock: 2½ minutes ahead, the feed's "now" became "2m" mid-hydration (#418).
test('a device whose clock runs ahead of the server hydrates the feed without a mismatch, then goes by its own clock', async ({
  page,
}) => {
  const author = await member(baseUrl(), 'Ahead');
  const created = await author.post({ content: `Posted just now, by the server's clock ${Date.now()}` });
  expect(created.status).toBe(201);
  const problems = recordProblems(page);
  await page.clock.install({ time: Date.now() + 150_000 });

  const response = await visit(page, '/');
  const card = page.locator(`#post-${created.body.post.id}`);
  expect(await response?.text()).toMatch(new RegExp(`id="post-${created.body.post.id}"[^]*?>now</time>`));
  await expect(page.locator('#root[data-hydrated]')).toBeAttached();
  // Once hydrated, the feed reads again and goes by the device's clock.
  await expect(card.locator('time')).toHaveText('2m');
  expect(problems.filter((problem) => HYDRATION_TROUBLE.test(problem))).toEqual([]);
});

test('a rendered page hydrates under a CSP without inline script, and the app then navigates as before', async ({
  page,
}) => {
  const violations = await cspViolationsOf(page);
  const response = await visit(page, '/blog');
  const scriptSources = /script-src ([^;]*)/.exec(response?.headers()['content-security-policy'] ?? '')?.[1];
  expect(scriptSources).toBe("'self'");
  const html = (await response?.text()) ?? '';
  // The router's data is JSON, never run; no other script is written inline.
  expect(html).toContain('<script type="application/json" id="daybreak-state">');
  expect([...html.matchAll(/<script(?![^>]*type="application\/json")(?![^>]*\ssrc=)[^>]*>/g)]).toEqual([]);

  await expect(page.locator('#root[data-hydrated]')).toBeAttached();
  const marker = await page.evaluate(
    () => ((window as unknown as { sameDocument: boolean }).sameDocument = true),
  );
  await page.getByTestId('read-more').first().click();
  await expect(page).toHaveURL(/\/blog\/[\w-]+$/);
  // Moved by the router, not by loading a new document.
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
    marker,
  );
  expect(await violations()).toEqual([]);
});

test('a rendered page paints in the device’s dark theme before any script runs (no white flash at 5 AM)', async ({
  newPage,
}) => {
  const background = async (colorScheme: 'dark' | 'light') => {
    const page = await newPage({ javaScriptEnabled: false, colorScheme });
    // eslint-disable-next-line no-restricted-syntax -- scripts off: nothing runs to wait for
    await page.goto(`${baseUrl()}/blog`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    return page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  };
  // The design tokens' canvas: stone-950 in the dark theme, stone-100 in the light (theme-tokens.css).
  const [dark, light] = [await background('dark'), await background('light')];
  expect(dark).not.toBe(light);
  expect(Number(/oklch\(([\d.]+)/.exec(dark)?.[1])).toBeLessThan(0.3);
  expect(Number(/oklch\(([\d.]+)/.exec(light)?.[1])).toBeGreaterThan(0.9);
});
