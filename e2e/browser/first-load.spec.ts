import { Page, Request, expect, test } from '@playwright/test';
import { newMember, signIn } from '../support/story';

/** The requests a page load makes for the current user and for scripts, by URL. */
function recordRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname === '/api/auth/user' || pathname.endsWith('.js')) requests.push(request);
  });
  return requests;
}

const countsByUrl = (requests: Request[]) =>
  requests.reduce(
    (counts, request) => counts.set(request.url(), (counts.get(request.url()) ?? 0) + 1),
    new Map(),
  );

test("the gateway's index.html preloads the route's screen and the current user; the SPA uses both, fetching nothing twice", async ({
  page,
}) => {
  const html = await (await page.request.get('/landing')).text();
  const preloaded = [...html.matchAll(/<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+)"/g)].map(
    (match) => match[1],
  );
  expect(preloaded.some((file) => /\/assets\/landing-[\w-]+\.js$/.test(file))).toBe(true);
  expect(html).toContain(
    '<link rel="preload" href="/api/auth/user" as="fetch" crossorigin="use-credentials" />',
  );

  const requests = recordRequests(page);
  const unused: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('preloaded using link preload but not used')) unused.push(message.text());
  });
  await page.goto('/landing');
  // Every screen waits for the current-user check (a spinner until then): the page shows, so it answered.
  await expect(page.getByTestId('landing-try-now')).toBeVisible();

  const urls = requests.map((request) => new URL(request.url()).pathname);
  for (const file of preloaded) expect(urls).toContain(file);
  expect([...countsByUrl(requests)].filter(([, count]) => count > 1)).toEqual([]);
  expect(urls.filter((url) => url === '/api/auth/user')).toHaveLength(1);
  expect(unused).toEqual([]);
});

test('a member reloading a page is signed in from the preloaded current-user check, made once', async ({
  page,
}) => {
  const member = newMember('Preloaded');
  await signIn(page, member);

  const requests = recordRequests(page);
  await page.reload();
  await expect(page.getByTestId('greeting-text')).toContainText('Preloaded');
  await expect(page.getByTestId('login-button')).toHaveCount(0);
  const checks = requests.filter((request) => new URL(request.url()).pathname === '/api/auth/user');
  expect(checks).toHaveLength(1);
  expect((await checks[0].response())?.status()).toBe(200);
});
