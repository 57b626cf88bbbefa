import { expect, test } from '@playwright/test';
import { audit, settle } from '../support/axe';
import { visit } from '../support/story';

// The service worker would fetch the route's code itself, past the page's interception below.
test.use({ serviceWorkers: 'block' });

/** The /following screen's own chunk (the router's plugin splits each route's component out). */
const FOLLOWING_CODE = /\/assets\/following-[^/]*\.js$/;

test("a screen whose code can't be fetched shows the error screen, not a blank page, and Try Again brings it once the network is back", async ({
  page,
}) => {
  let reachable = false;
  let refused = 0;
  await page.route(FOLLOWING_CODE, (route) => {
    if (reachable) return route.fallback();
    refused += 1;
    return route.abort('connectionfailed');
  });

  // The router reloads the page once for code that went missing (a deploy replaced it); the second
  // miss is a failure, and the screen says so.
  await visit(page, '/following');
  const errorScreen = page.getByTestId('route-error');
  await expect(errorScreen.getByRole('heading', { name: 'Something Went Wrong' })).toBeVisible();
  expect(refused, 'the route chunk was requested and refused').toBeGreaterThan(0);
  await expect(errorScreen.getByRole('link', { name: 'Go to the feed' })).toHaveAttribute('href', '/');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await settle(page);
    const row = await audit(page, { who: 'guest', width, screen: 'route error' });
    expect.soft(row.blocking, `the error screen at ${width} px`).toEqual([]);
  }

  reachable = true;
  await errorScreen.getByRole('button', { name: 'Try Again' }).click();

  await expect(page.getByRole('heading', { name: 'FOLLOWING' })).toBeVisible();
  await expect(errorScreen).toHaveCount(0);
});
