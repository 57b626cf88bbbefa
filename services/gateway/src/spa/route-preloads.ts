import { readFile } from 'node:fs/promises';
import { feedPageUrl, isUuid, postReadUrls } from '@daybreak/contracts';
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
  try {
    return JSON.parse(await readFile(file, 'utf8')) as RoutePreload[];
  } catch (error) {
    // Read on every index.html request: no blocking existence check before the read.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

const POST_PAGE = /^\/post\/([^/]+)\/?$/;

/**
 * The API reads a route's screen starts with, by request path, for routes whose first read has a fixed
 * address. The SPA's own request must be the very same (address, credentials) to take the preload's
 * answer; `e2e/browser/first-load.spec.ts` checks that each is fetched once.
 */
export function dataFor(pathname: string): string[] {
  if (pathname === '/') return [feedPageUrl(0)];
  const postId = POST_PAGE.exec(pathname)?.[1];
  // Any other id is refused before it reaches posts: nothing worth fetching early.
  if (postId && isUuid(postId)) {
    const { post, comments, badges } = postReadUrls(postId);
    return [post, comments, badges];
  }
  return [];
}

/** What index.html preloads for a route: its screen's scripts, the API reads and images it starts with. */
export interface Preloads {
  scripts: readonly string[];
  data: readonly string[];
  images?: readonly string[];
}

/**
 * index.html with a preload for each script, API read and image, before `</head>`, so the browser
 * fetches them alongside the entry instead of after it has run. Each must be requested as the SPA will
 * request it, or the browser fetches it twice: scripts carry `crossorigin` as Vite writes its own, API
 * reads send the session cookie as the SPA's requests do, and images have no `crossorigin`, as `<img>`
 * has none. Images come at high priority: the one a screen starts with is its largest paint.
 */
export function withPreloads(indexHtml: string, { scripts, data, images = [] }: Preloads): string {
  const links = [
    ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="${escapeHtml(file)}" />`),
    ...data.map(
      (url) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${escapeHtml(url)}" />`,
    ),
    ...images.map(
      (url) => `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(url)}" />`,
    ),
  ];
  if (links.length === 0) return indexHtml;
  return indexHtml.replace('</head>', () => `  ${links.join('\n    ')}\n  </head>`);
}
