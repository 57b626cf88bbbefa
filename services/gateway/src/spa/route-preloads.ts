import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { escapeHtml } from './head-html';

/** One route of the SPA and the scripts its screen needs besides the entry (frontend/scripts/route-preloads.mjs). */
export interface RoutePreload {
  /** The router's path: `/blog/$postId`. */
  path: string;
  /** Absolute URLs of the route's chunks: `/assets/_postId-….js`. */
  files: string[];
}

/** A route path as a pattern for request paths: `$name` stands for one segment; a trailing slash is allowed. */
function patternOf(routePath: string): RegExp {
  const segments = routePath
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith('$') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^/${segments.join('/')}/?$`);
}

/**
 * Finds the scripts for a request path. Routes without parameters are tried first, as the router
 * does: `/profile` is the own profile, not `/profile/$userId`.
 */
export function routeMatcher(routes: readonly RoutePreload[]): (pathname: string) => string[] {
  const ordered = [...routes]
    .sort((a, b) => Number(a.path.includes('$')) - Number(b.path.includes('$')))
    .map((route) => ({ pattern: patternOf(route.path), files: route.files }));
  return (pathname) => ordered.find((route) => route.pattern.test(pathname))?.files ?? [];
}

/** The build's route preloads, or none when the build has no list (an older build, a test's fixture). */
export async function readRoutePreloads(file: string): Promise<RoutePreload[]> {
  if (!existsSync(file)) return [];
  return JSON.parse(await readFile(file, 'utf8')) as RoutePreload[];
}

/**
 * index.html with a modulepreload for each script, before `</head>`, so the browser fetches the route's
 * screen alongside the entry instead of after it has run. `crossorigin` as Vite writes its own.
 */
export function withModulePreloads(indexHtml: string, files: readonly string[]): string {
  if (files.length === 0) return indexHtml;
  const links = files.map((file) => `<link rel="modulepreload" crossorigin href="${escapeHtml(file)}" />`);
  return indexHtml.replace('</head>', () => `  ${links.join('\n    ')}\n  </head>`);
}
