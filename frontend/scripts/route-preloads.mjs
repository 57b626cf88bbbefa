// @ts-check
// Which scripts each route's screen needs besides the app's own entry, for the gateway to list as
// `<link rel="modulepreload">` in the index.html it sends for that route. Without them the browser
// finds the route's code-split chunk only once the entry has run, one round trip later (issue #11:
// the landing page's chunk started at 1.65 s of Lighthouse's simulated slow 4G).
//
// Written after each build as dist/.vite/route-preloads.json (a dot folder: read by the gateway,
// never served): `[{ "path": "/blog/$postId", "files": ["/assets/_postId-….js", …] }, …]`.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** A route's screen, as the router plugin names its split module: `src/routes/blog/$postId.tsx?tsr-split=component`. */
const ROUTE_COMPONENT = /^src\/routes\/(.+)\.tsx\?tsr-split=component$/;

/**
 * The route path of a file under src/routes, by the router's file naming: `index` is its folder,
 * `$name` a parameter. `blog/index` → `/blog`, `blog/$postId` → `/blog/$postId`, `index` → `/`.
 * @param {string} file the file's path under src/routes, without extension
 */
export function routePathOf(file) {
  const segments = file.split('/').filter((segment) => segment !== 'index');
  return `/${segments.join('/')}`;
}

/**
 * @typedef {{ file: string, isEntry?: boolean, imports?: string[] }} ManifestChunk
 * @param {Record<string, ManifestChunk>} manifest a `vite build` manifest
 * @returns {{ path: string, files: string[] }[]}
 */
export function routePreloads(manifest) {
  const keys = Object.keys(manifest);
  const entry = keys.find((key) => manifest[key].isEntry);
  if (!entry) throw new Error('the manifest names no entry');
  /** The chunk and every chunk it imports statically, transitively. */
  const closure = (/** @type {string} */ key, seen = new Set()) => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) closure(imported, seen);
    return seen;
  };
  // index.html preloads the entry's own imports already.
  const loadedByEntry = closure(entry);
  return keys.flatMap((key) => {
    const match = ROUTE_COMPONENT.exec(key);
    if (!match) return [];
    const files = [...closure(key)]
      .filter((chunk) => !loadedByEntry.has(chunk))
      .map((chunk) => `/${manifest[chunk].file}`)
      .filter((file) => file.endsWith('.js'));
    return [{ path: routePathOf(match[1]), files }];
  });
}

/** Reads a build's manifest and writes its route preloads beside it. */
export function writeRoutePreloads(/** @type {string} */ distDir) {
  const folder = path.join(distDir, '.vite');
  const manifest = JSON.parse(readFileSync(path.join(folder, 'manifest.json'), 'utf8'));
  writeFileSync(
    path.join(folder, 'route-preloads.json'),
    `${JSON.stringify(routePreloads(manifest), null, 2)}\n`,
  );
}
