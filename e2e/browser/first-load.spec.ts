import { Page, Request, expect } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { member } from '../support/member-api';
import { newMember } from '../support/identity';
import { postCard, postUpdate, signIn, test, visit, reload } from '../support/story';

const baseUrl = () => process.env.E2E_BASE_URL!;

const FIRST_FEED_PAGE = '/api/posts?limit=10&offset=0';

/** The requests a page load makes for the current user, the feed and scripts. */
function recordRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (/^\/api\/(auth\/user|posts(\/.*)?)$/.test(pathname) || pathname.endsWith('.js'))
      requests.push(request);
  });
  return requests;
}

const requestsTo = (requests: Request[], pathAndQuery: string) =>
  requests.filter((request) => {
    const url = new URL(request.url());
    return `${url.pathname}${url.search}` === pathAndQuery;
  });

/** Chrome's warning for a preload the page never used (a request that differs from it in any way). */
function recordUnusedPreloads(page: Page): string[] {
  const unused: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('preloaded using link preload but not used')) unused.push(message.text());
  });
  return unused;
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
  // A rendered page fetches them at low priority (it paints without them; ADR 0032), the shell at the default.
  const preloaded = [
    ...html.matchAll(
      /<link rel="modulepreload"(?: fetchpriority="low")? crossorigin href="(\/assets\/[^"]+)"/g,
    ),
  ].map((match) => match[1]);
  expect(preloaded.some((file) => /\/assets\/landing-[\w-]+\.js$/.test(file))).toBe(true);
  expect(html).toMatch(
    /<link rel="preload" href="\/api\/auth\/user" as="fetch"(?: fetchpriority="low")? crossorigin="use-credentials" \/>/,
  );

  const requests = recordRequests(page);
  const unused = recordUnusedPreloads(page);
  await visit(page, '/landing');
  // Every screen waits for the current-user check (a spinner until then): the page shows, so it answered.
  await expect(page.getByTestId('landing-try-now')).toBeVisible();

  const urls = requests.map((request) => new URL(request.url()).pathname);
  for (const file of preloaded) expect(urls).toContain(file);
  expect([...countsByUrl(requests)].filter(([, count]) => count > 1)).toEqual([]);
  expect(requestsTo(requests, '/api/auth/user')).toHaveLength(1);
  expect(unused).toEqual([]);
});

test("the home page preloads the feed's first page, and the feed shows it from that one request", async ({
  page,
}) => {
  const html = await (await page.request.get('/')).text();
  expect(html).toMatch(
    /<link rel="preload" as="fetch"(?: fetchpriority="low")? crossorigin="use-credentials" href="\/api\/posts\?limit=10&amp;offset=0" \/>/,
  );

  const author = await member(baseUrl(), 'Feed');
  const text = `Preloaded morning ${randomUUID()}`;
  expect((await author.post({ content: text })).status).toBe(201);

  const requests = recordRequests(page);
  const unused = recordUnusedPreloads(page);
  await visit(page, '/');
  await expect(postCard(page, text)).toBeVisible();
  expect(requestsTo(requests, FIRST_FEED_PAGE)).toHaveLength(1);
  expect(requestsTo(requests, '/api/auth/user')).toHaveLength(1);
  expect(unused).toEqual([]);
});

test("a post's page preloads its three reads, and shows the post from them, each fetched once", async ({
  page,
}) => {
  const author = await member(baseUrl(), 'Shared');
  const text = `A preloaded post ${randomUUID()}`;
  const created = await author.post({ content: text });
  expect(created.status).toBe(201);
  const post = `/api/posts/${created.body.post.id}`;
  const reads = [post, `${post}/comments`, `${post}/badges`];
  const html = await (await page.request.get(`/post/${created.body.post.id}`)).text();
  for (const read of reads) {
    expect(html).toMatch(
      new RegExp(
        `<link rel="preload" as="fetch"( fetchpriority="low")? crossorigin="use-credentials" href="${read}" />`,
      ),
    );
  }

  const requests = recordRequests(page);
  const unused = recordUnusedPreloads(page);
  await visit(page, `/post/${created.body.post.id}`);
  await expect(page.getByText(text)).toBeVisible();
  for (const read of reads) {
    expect(requestsTo(requests, read), read).toHaveLength(1);
  }
  expect(unused).toEqual([]);
});

test("a post's page preloads its photo with the HTML, and shows it from that one request", async ({
  page,
}) => {
  const author = await member(baseUrl(), 'Photo');
  const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#f59e0b' } })
    .jpeg()
    .toBuffer();
  const photoFile = new File([new Uint8Array(photo)], 'sunrise.jpg', { type: 'image/jpeg' });
  const created = await author.post({ content: `A preloaded photo ${randomUUID()}`, image: photoFile });
  expect(created.status).toBe(201);
  const { id, imageUrl } = created.body.post as { id: string; imageUrl: string };
  // The address the post's screen asks for first (webp at the default width).
  const variant = `${imageUrl}?format=webp&w=640`;
  const html = await (await page.request.get(`/post/${id}`)).text();
  expect(html).toContain(
    `<link rel="preload" as="image" fetchpriority="high" href="${variant.replace('&', '&amp;')}" />`,
  );

  const photoRequests: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === imageUrl) photoRequests.push(`${url.pathname}${url.search}`);
  });
  const unused = recordUnusedPreloads(page);
  await visit(page, `/post/${id}`);
  const image = page.getByTestId('optimized-image').locator('img');
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  expect(await image.evaluate((img: HTMLImageElement) => img.currentSrc)).toBe(`${baseUrl()}${variant}`);
  expect(photoRequests).toEqual([variant]);
  expect(unused).toEqual([]);
});

test('the first screen paints with the HTML, before any script has loaded', async ({ page }) => {
  // Scripts held back: what shows is what index.html paints on its own (FullScreenSpinner's screen).
  await page.route('**/assets/*.js', (route) => route.abort());
  // A public page comes rendered by the gateway (ADR 0032): the page itself, no spinner.
  // eslint-disable-next-line no-restricted-syntax -- its scripts never load: the page as sent is what is looked at
  await page.goto('/');
  await expect(page.getByTestId('guest-welcome')).toBeVisible();
  await expect(page.getByTestId('auth-loading')).toHaveCount(0);
  // Any other screen: what index.html paints on its own.
  // eslint-disable-next-line no-restricted-syntax -- as above
  await page.goto('/notifications');
  const boot = page.getByTestId('auth-loading');
  await expect(boot).toBeVisible();
  await expect(boot).toContainText('Daybreak');
  await expect(boot.getByRole('status')).toHaveText('Checking your session');
  await expect(page.locator('noscript > p')).toBeHidden();

  // With its scripts, React replaces it with the page.
  await page.unroute('**/assets/*.js');
  await reload(page);
  await expect(page.getByTestId('auth-loading')).toHaveCount(0);
});

test('the first screen renders once the session check answers, and an invite page does not wait for it', async ({
  page,
}) => {
  // The session check held back: every screen but an invite's shows the spinner until it answers (spec §2).
  let answerSessionCheck = () => {};
  const held = new Promise<void>((resolve) => (answerSessionCheck = resolve));
  await page.route('**/api/auth/user', async (route) => {
    await held;
    await route.continue();
  });

  // eslint-disable-next-line no-restricted-syntax -- the session check is held: the screens before it answers are looked at
  await page.goto('/invite/NOT-A-CODE');
  await expect(page.getByTestId('toast').getByText('Invalid or expired invite link')).toBeVisible();
  await expect(page.getByTestId('auth-loading')).toHaveCount(0);

  // A public page comes rendered, its session check answered by the gateway (ADR 0032).
  // eslint-disable-next-line no-restricted-syntax -- as above
  await page.goto('/');
  await expect(page.getByTestId('guest-welcome')).toBeVisible();
  await expect(page.getByTestId('auth-loading')).toHaveCount(0);

  // eslint-disable-next-line no-restricted-syntax -- as above
  await page.goto('/notifications');
  await expect(page.getByTestId('auth-loading')).toBeVisible();
  answerSessionCheck();
  await expect(page.getByTestId('auth-loading')).toHaveCount(0);
});

test('without JavaScript, the rendered page says what needs it', async ({ newPage }) => {
  const page = await newPage({ javaScriptEnabled: false });
  // eslint-disable-next-line no-restricted-syntax -- scripts off: nothing runs to wait for
  await page.goto('/');
  // By CSS: Playwright's text matching skips <noscript>, whatever the browser shows of it.
  const notice = page.locator('noscript > p');
  await expect(notice).toBeVisible();
  await expect(notice).toHaveText(
    /Daybreak needs JavaScript to sign in, like, comment and post\. Turn it on/,
  );
  // The feed itself is readable: the gateway rendered it (ADR 0032).
  await expect(page.getByRole('heading', { name: /Chase your dreams/ })).toBeVisible();
});

test('start-up loads the date data in a worker of its own, which then ends', async ({ page }) => {
  // The page's first date formatter would otherwise load it on the main thread (lib/intl-warm-up.ts).
  const ended = new Promise<string>((resolve) => {
    page.on('worker', (worker) => {
      // Listened to at once: the worker may end before the page has finished loading.
      if (/\/assets\/intl-warm-up\.worker-[\w-]+\.js$/.test(worker.url()))
        worker.once('close', () => resolve(worker.url()));
    });
  });
  await visit(page, '/landing');
  await expect(page.getByTestId('landing-try-now')).toBeVisible();
  expect(await ended).toContain('/assets/intl-warm-up.worker-');
});

test('a member reloading the feed is signed in from the preloaded check and sees it, each read made once', async ({
  page,
}) => {
  const reader = newMember('Preloaded');
  await signIn(page, reader);
  const text = `Reloaded morning ${randomUUID()}`;
  await postUpdate(page, text);

  const requests = recordRequests(page);
  await reload(page);
  await expect(page.getByTestId('greeting-text')).toContainText('Preloaded');
  await expect(page.getByTestId('login-button')).toHaveCount(0);
  await expect(postCard(page, text)).toBeVisible();
  const checks = requestsTo(requests, '/api/auth/user');
  expect(checks).toHaveLength(1);
  expect((await checks[0].response())?.status()).toBe(200);
  expect(requestsTo(requests, FIRST_FEED_PAGE)).toHaveLength(1);
});
