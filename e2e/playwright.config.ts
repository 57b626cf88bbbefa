import { defineConfig } from '@playwright/test';
import { zoneWhereItIsMiddayNow } from './support/stack-env';

/**
 * Browser tests against the running e2e stack (scripts/test.mjs starts it and sets E2E_BASE_URL),
 * in Debian's Chromium: Playwright never downloads a browser here.
 */
export default defineConfig({
  testDir: './browser',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  reporter: [['list'], ['json']],
  outputDir: '../.infra/test-results/playwright',
  use: {
    baseURL: process.env.E2E_BASE_URL,
    viewport: { width: 1280, height: 900 },
    // Never an early morning unless a test asks for one (its own timezoneId): a post made between
    // 4 and 7 AM in the machine's zone would earn badges and notifications a test doesn't expect.
    timezoneId: zoneWhereItIsMiddayNow(),
    // The SPA shortens its animations to 1 ms for reduced motion (styles.css). A click that lands on a
    // dialog still popping in can miss it: under load, "Delete" on the post's just-opened dialog was
    // judged stable mid-animation, clicked, and no request left. The tests assert what happens, not
    // how it moves.
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
