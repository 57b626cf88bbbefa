// @ts-check
// Chromium for the end-to-end tests: Debian's `chromium` package (Playwright's own browser download
// cannot be fetched on our machines). Not part of `up`: only the e2e setup needs it, and it is big.
import fs from 'node:fs';
import { ensurePackages } from './apt.mjs';

export const CHROMIUM_PATH = '/usr/bin/chromium';

const EMOJI_FONT = '/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf';

export const chromiumPackages = [
  { name: 'chromium', pkg: 'chromium', present: () => fs.existsSync(CHROMIUM_PATH) },
  // Badges and posts use emoji; without a colour emoji font a headless screenshot shows empty boxes.
  { name: 'emoji font', pkg: 'fonts-noto-color-emoji', present: () => fs.existsSync(EMOJI_FONT) },
];

/** Installs Debian's chromium when missing; resolves to a summary. */
export async function installChromium(update = /** @type {(detail: string) => void} */ (() => {})) {
  const installed = await ensurePackages(chromiumPackages, update);
  return `${CHROMIUM_PATH}${installed.length ? ' (installed)' : ' present'}`;
}
