import type { Browser, Page } from '@playwright/test';

/**
 * Two pages on the stack, each with its own cookies and reduced motion: one the size of a phone
 * (390 × 844), one of a laptop (the default viewport). One member's two devices, or two members.
 */
export async function phoneAndLaptop(browser: Browser): Promise<[phone: Page, laptop: Page]> {
  const [phone, laptop] = await Promise.all([
    browser.newContext({
      baseURL: process.env.E2E_BASE_URL,
      viewport: { width: 390, height: 844 },
      reducedMotion: 'reduce',
    }),
    browser.newContext({ baseURL: process.env.E2E_BASE_URL, reducedMotion: 'reduce' }),
  ]);
  return Promise.all([phone.newPage(), laptop.newPage()]);
}
