// @ts-check
// Chromium for the end-to-end tests: Debian's `chromium` package (Playwright's own browser download
// cannot be fetched on our machines). Not part of `up`: only the e2e setup needs it, and it is big.
import fs from 'node:fs';
import { ensurePackages } from './apt.mjs';

export const CHROMIUM_PATH = '/usr/bin/chromium';

export const chromiumPackages = [
  { name: 'chromium', pkg: 'chromium', present: () => fs.existsSync(CHROMIUM_PATH) },
];

/** Installs Debian's chromium when missing; resolves to a summary. */
export async function installChromium(update = /** @type {(detail: string) => void} */ (() => {})) {
  const installed = await ensurePackages(chromiumPackages, update);
  return `${CHROMIUM_PATH}${installed.length ? ' (installed)' : ' present'}`;
}
