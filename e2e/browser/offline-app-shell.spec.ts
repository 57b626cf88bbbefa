import { BrowserContext, Page, expect, test } from '@playwright/test';
import sharp from 'sharp';
import { visit } from '../support/story';

/** Waits until the service worker is active and controls the page. */
async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
    .toMatch(/\/sw\.js$/);
}

/** Opens the feed and waits until the service worker controls it. */
async function openControlledByServiceWorker(page: Page): Promise<void> {
  await visit(page, '/');
  await controlledByServiceWorker(page);
}

/** Runs `steps` with the browser offline, and brings it back online whatever they do. */
async function whileOffline(context: BrowserContext, steps: () => Promise<void>): Promise<void> {
  await context.setOffline(true);
  try {
    await steps();
  } finally {
    await context.setOffline(false);
  }
}

test('Daybreak is installable: a linked manifest with icons, theme colour and start URL, and a service worker', async ({
  page,
}) => {
  await visit(page, '/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const response = await page.request.get(href!);
  expect(response.headers()['content-type']).toContain('application/manifest+json');
  const manifest = await response.json();
  expect(manifest).toMatchObject({
    name: 'Daybreak',
    short_name: 'Daybreak',
    start_url: '/',
    display: 'standalone',
    background_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
  });
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', manifest.theme_color);

  const icons = manifest.icons as { src: string; sizes: string; type: string; purpose: string }[];
  const pngs = icons.filter((icon) => icon.type === 'image/png');
  expect(pngs.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(
    expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
  );
  const appleIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  for (const src of [...pngs.map((icon) => icon.src), appleIcon!]) {
    const image = await page.request.get(src);
    expect(image.headers()['content-type'], src).toBe('image/png');
    const { width, height } = await sharp(await image.body()).metadata();
    expect(width, src).toBe(height);
  }

  // The worker must never be cached for long, or a deploy would not replace it.
  const worker = await page.request.get('/sw.js');
  expect(worker.headers()['cache-control']).toBe('no-cache');
  await controlledByServiceWorker(page);
});

test('offline, the app shell still opens and says it is offline, and the notice goes when back online', async ({
  page,
  context,
}) => {
  await openControlledByServiceWorker(page);

  await whileOffline(context, async () => {
    // eslint-disable-next-line no-restricted-syntax -- offline, what opens is looked at as it is
    await page.reload();
    const notice = page.getByTestId('offline-notice');
    await expect(notice).toContainText("You're offline.");
    await expect(page.getByTestId('login-button').first()).toBeVisible();
  });
  await expect(page.getByTestId('offline-notice')).toBeHidden();
});

test('a 404 page passes through the service worker, boots the SPA, and never becomes the offline shell', async ({
  page,
  context,
}) => {
  await openControlledByServiceWorker(page);

  const missing = await visit(page, '/nothing-here');
  expect(missing?.status()).toBe(404);
  await expect(page.getByTestId('not-found')).toContainText('404 Page Not Found');

  // The shell kept at install ("/"), not the 404 page just seen: the feed's address opens the app.
  await whileOffline(context, async () => {
    // eslint-disable-next-line no-restricted-syntax -- offline, what opens is looked at as it is
    await page.goto('/');
    await expect(page.getByTestId('offline-notice')).toContainText("You're offline.");
    await expect(page.getByTestId('not-found')).toHaveCount(0);
    await expect(page.getByTestId('login-button').first()).toBeVisible();
  });
});
