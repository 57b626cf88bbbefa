import AxeBuilder from '@axe-core/playwright';
import { Page, expect } from '@playwright/test';

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];
type Impact = 'critical' | 'serious' | 'moderate' | 'minor';
const IMPACTS: readonly Impact[] = ['critical', 'serious', 'moderate', 'minor'];

export interface AxeRow {
  who: string;
  width: number;
  screen: string;
  counts: Record<Impact, number>;
  /** The serious and critical violations, one line each, for the failure message. */
  blocking: string[];
}

/** Waits until the page shows content: no session check, no skeleton, no spinner left. */
export async function settle(page: Page): Promise<void> {
  await expect(page.getByTestId('auth-loading')).toHaveCount(0);
  // A lazy image below the fold keeps its placeholder until it is scrolled to.
  await expect(page.locator('.animate-pulse:not([data-testid="optimized-image"] *)')).toHaveCount(0);
  await expect(page.locator('[role="status"] .animate-spin')).toHaveCount(0);
  // A dialog fading in is measured against its half-transparent overlay: wait for every finite
  // animation (opening dialogs, toasts) to finish. Endless ones (a decorative glow) never do.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
      ),
  );
}

const describe = (violation: Violation) =>
  `${violation.impact} ${violation.id}: ${violation.help} — ${violation.nodes
    .slice(0, 3)
    // The failure summary carries the measured contrast ratio and colours for color-contrast.
    .map((node) => `${node.html.slice(0, 160)} (${node.failureSummary?.split('\n')[1]?.trim()})`)
    .join(' | ')}`;

/**
 * Runs axe-core's default rules plus the one Lighthouse adds (the visible label must be part of the
 * accessible name), and counts the violations by impact.
 */
export async function audit(page: Page, row: Omit<AxeRow, 'counts' | 'blocking'>): Promise<AxeRow> {
  const results = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  const counts = Object.fromEntries(IMPACTS.map((impact) => [impact, 0])) as Record<Impact, number>;
  for (const violation of results.violations) counts[(violation.impact as Impact) ?? 'minor'] += 1;
  const blocking = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(describe);
  return { ...row, counts, blocking };
}

/** The per-screen table for the notes: one line per screen, who and width. */
export function axeTable(rows: readonly AxeRow[]): string {
  const lines = rows.map(
    (row) =>
      `| ${row.screen} | ${row.who} | ${row.width} | ${IMPACTS.map((impact) => row.counts[impact]).join(' | ')} |`,
  );
  return [
    '| screen | as | width | critical | serious | moderate | minor |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...lines,
  ].join('\n');
}
