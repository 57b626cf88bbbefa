import type { Page } from '@playwright/test';

type WithViolations = { cspViolations?: string[] };

/**
 * Collects the page's Content Security Policy violations from its first document on (an init script
 * runs outside the page's CSP); the answer reads what was collected so far.
 */
export async function cspViolationsOf(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as WithViolations).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.effectiveDirective} ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`),
    );
  });
  return () => page.evaluate(() => (window as unknown as WithViolations).cspViolations ?? []);
}
