#!/usr/bin/env node
// @ts-check
// The JavaScript a first visit to `/` downloads before the feed renders, gzipped: the entry script,
// its static imports (index.html's modulepreloads) and the home route's code-split component with its
// own imports. Read from a build's manifest (dist/.vite/manifest.json), so the figure is the same
// wherever it is measured. `vite build` checks it against the budget; `node scripts/first-route-size.mjs`
// prints it for an existing build.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * Issue #11: the first route's JavaScript, gzipped, in KB (1000 bytes, as Vite and Lighthouse count).
 * A ratchet: 144.2 KB with server rendering and first-party analytics (issue #45), plus a small margin;
 * issue #45's 120 KB needs a smaller framework (ADR 0034).
 */
export const FIRST_ROUTE_BUDGET_KB = 146;

/** The home route's component chunk, as the router plugin names its split module. */
const HOME_ROUTE = /^src\/routes\/index\.tsx\?tsr-split=component/;

/**
 * @typedef {{ file: string, isEntry?: boolean, imports?: string[] }} ManifestChunk
 * @param {string} distDir a `vite build` output with `build.manifest` on
 * @returns {{ files: { file: string, gzipKb: number }[], totalKb: number }}
 */
export function firstRouteSize(distDir) {
  /** @type {Record<string, ManifestChunk>} */
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8'));
  const keys = Object.keys(manifest);
  const entry = keys.find((key) => manifest[key].isEntry);
  const home = keys.find((key) => HOME_ROUTE.test(key));
  if (!entry || !home) throw new Error(`${distDir}: the manifest names no entry or no home route chunk`);
  const seen = new Set();
  const visit = (/** @type {string} */ key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  visit(entry);
  visit(home);
  const files = [...seen]
    .map((key) => manifest[key].file)
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({
      file,
      gzipKb: gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length / 1000,
    }))
    .sort((a, b) => b.gzipKb - a.gzipKb);
  const totalKb = files.reduce((sum, { gzipKb }) => sum + gzipKb, 0);
  return { files, totalKb };
}

/** One line per file and the total against the budget. */
export function describeFirstRoute(/** @type {ReturnType<typeof firstRouteSize>} */ size) {
  const lines = size.files.map(({ file, gzipKb }) => `  ${gzipKb.toFixed(1).padStart(6)} KB  ${file}`);
  lines.push(
    `  ${size.totalKb.toFixed(1).padStart(6)} KB  first route JavaScript, gzip (budget ${FIRST_ROUTE_BUDGET_KB} KB)`,
  );
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const distDir = process.argv[2] ?? fileURLToPath(new URL('../dist', import.meta.url));
  const size = firstRouteSize(distDir);
  console.log(describeFirstRoute(size));
  if (size.totalKb > FIRST_ROUTE_BUDGET_KB) process.exitCode = 1;
}
