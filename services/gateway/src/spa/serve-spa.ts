import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { HeadTag } from '@daybreak/content';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { contentType } from 'mime-types';
import { withHeadTags } from './head-html';
import { precompressedCopy, type Precompressed } from './precompressed';
import { dataFor, readRoutePreloads, routeMatcher, withPreloads } from './route-preloads';
import { withRenderedRoot } from './server-render/rendered-html';
import { loadRouteMatcher, type IsRoute } from './server-render/renderer';
import {
  SentPages,
  encodeIndex,
  indexEncodingFor,
  type PageStatus,
  type SentPage,
} from './server-render/sent-pages';
import type { ServerPage } from './server-render/server-rendered-pages';

/** Paths the SPA never owns: they 404 as APIs rather than falling back to index.html. */
const SERVER_PATHS = /^\/(api|objects|uploads|health)(\/|$)|^\/(robots\.txt|sitemap\.xml)$/;

/**
 * Source maps are never served, whatever a build holds: one gives away the original sources
 * (the build writes none, frontend/scripts/source-maps.mjs).
 */
const SOURCE_MAP = /\.map$/i;

/** What index.html says about the page at a path beyond the SPA's own. */
export interface PageHead {
  /** Its title, description, canonical and preview tags. */
  tags: HeadTag[];
  /** Images its first screen shows, preloaded with the HTML (a post's photo). */
  images: string[];
  /**
   * What the page shows does not exist for a guest (a deleted, hidden or never-existing post, an
   * unknown article): the page answers 404, as Mastodon's, Misskey's and Bluesky's do.
   */
  missing?: boolean;
}

/** The head of the page at a path. */
export type PageHeads = (pathname: string) => Promise<PageHead>;

/** The page at a request's path rendered on the server for its viewer, or null for the shell. */
export type ServerPages = (request: FastifyRequest, pathname: string) => Promise<ServerPage | null>;

/** The precompressed copy chosen for this response (see `serveSpa`). */
type ChosenCopy = NonNullable<Precompressed['chosen']>;

/**
 * Serves the built SPA on the gateway's origin: hashed assets cached for a year, index.html never
 * cached (so a deploy is picked up at once), and client-side routes answered with index.html that
 * carries the page's own tags, since crawlers do not run the SPA, and preloads for the route's
 * scripts, first API reads and first images; the public routes' screens come rendered in it
 * (`serverPages`, ADR 0032). A path that is none of the SPA's routes, or a page of a post or article
 * that does not exist, answers 404 with the same index.html, whose SPA shows its not-found screen
 * (so crawlers and link checkers see no "soft 404"). Text files go out as the brotli or gzip copy the build
 * wrote beside them, by Accept-Encoding; index.html is compressed as it is sent.
 *
 * One catch-all route (`GET /*`, HEAD too): Fastify's router prefers every API route over it. Files
 * are sent by @fastify/static (ETag, Last-Modified, 304, Range); paths the SPA never owns get the
 * API's JSON 404, and anything else that is no file (a client-side route, a dotfile, a path that
 * leaves the build) gets index.html.
 */
export async function serveSpa(
  fastify: FastifyInstance,
  directory: string,
  pageHeads: PageHeads,
  serverPages: ServerPages = async () => null,
): Promise<void> {
  const root = path.resolve(directory);
  const indexFile = path.join(root, 'index.html');
  const routePreloadsFile = path.join(root, '.vite', 'route-preloads.json');
  if (!existsSync(indexFile)) throw new Error(`SPA_DIR has no index.html: ${indexFile} (run npm run build)`);
  /** The precompressed copy being sent for a request, for `setHeaders`. */
  const copies = new WeakMap<FastifyRequest, ChosenCopy>();
  await fastify.register(fastifyStatic, {
    root,
    serve: false, // no routes of its own: only `reply.sendFile` below
    index: false,
    cacheControl: false, // set per file below
    setHeaders: (reply, file) => {
      const copy = copies.get(reply.request);
      const original = copy ? file.slice(0, -copy.extension.length) : file;
      const hashed = original.includes(`${path.sep}assets${path.sep}`);
      void reply.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      // The original's type, not the copy's (.br, .gz); named as Express did (mime-types: scripts
      // are text/javascript, where @fastify/static's table says application/javascript).
      const type = contentType(path.extname(original));
      if (type) void reply.header('Content-Type', type);
      if (copy) void reply.header('Content-Encoding', copy.encoding);
    },
  });

  const isRoute = routeMatcherOf(root);
  const sentPages = new SentPages();
  const send = (reply: FastifyReply, { status, bytes }: SentPage) => reply.code(status).send(bytes);
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply, pathname: string): Promise<void> => {
    const rendered = await serverPages(request, pathname);
    // A member's page holds their data: theirs alone, kept by no cache on the way (ADR 0032).
    const cacheControl = rendered?.viewer === 'member' ? 'private, no-store' : 'no-cache';
    void reply.header('Cache-Control', cacheControl).header('Vary', 'Accept-Encoding');
    void reply.type('text/html; charset=utf-8');
    const encoding = indexEncodingFor(request.headers['accept-encoding']);
    if (encoding !== 'identity') void reply.header('Content-Encoding', encoding);
    // A guest's render is kept and shared: so is the page made of it.
    const guestRender = rendered?.viewer === 'guest' ? rendered.body : undefined;
    const sent = guestRender && sentPages.sent(guestRender, encoding);
    if (sent !== undefined) return send(reply, sent);
    // Read per request: small files, and a rebuilt SPA is served without a restart.
    const [html, routes, head] = await Promise.all([
      readFile(indexFile, 'utf8'),
      readRoutePreloads(routePreloadsFile),
      pageHeads(pathname),
    ]);
    const preloads = {
      scripts: routeMatcher(routes)(pathname),
      // On a rendered page too: the SPA reads them again once hydrated (main.tsx).
      data: dataFor(pathname),
      images: head.images,
    };
    const shell = withPreloads(withHeadTags(html, head.tags), preloads);
    const page = rendered ? withRenderedRoot(shell, rendered.body) : shell;
    // Decided with the page and kept with it: a kept copy answers as the page it is.
    const status: PageStatus = head.missing || !isRoute(pathname) ? 404 : 200;
    if (guestRender) return send(reply, sentPages.keep(guestRender, page, status, encoding));
    return send(reply, { status, bytes: encodeIndex(page, encoding) });
  };

  fastify.get('/*', async (request, reply) => {
    const pathname = pathOf(request.url);
    if (SERVER_PATHS.test(pathname)) return reply.callNotFound();
    const file = fileIn(root, pathname);
    if (file && SOURCE_MAP.test(file)) return reply.callNotFound();
    if (!file || !(await isFile(file))) return sendIndex(request, reply, pathname);
    const copy: Precompressed = await precompressedCopy(file, request.headers['accept-encoding']);
    if (copy.varies) void reply.header('Vary', 'Accept-Encoding');
    if (copy.chosen) copies.set(request, copy.chosen);
    const relative = path.relative(root, file) + (copy.chosen?.extension ?? '');
    return reply.sendFile(relative.split(path.sep).join('/'), root);
  });
}

/**
 * The build's route matcher (its server bundle's), or one that takes every path for a route when the
 * build has none. A matcher that throws takes the path for a route too: a 404 is never worth a 500.
 */
function routeMatcherOf(root: string): IsRoute {
  const isRoute = loadRouteMatcher(root);
  if (!isRoute) return () => true;
  return (pathname) => {
    try {
      return isRoute(pathname);
    } catch {
      return true;
    }
  };
}

/** A request URL's path, without its query. */
function pathOf(url: string): string {
  const index = url.indexOf('?');
  return index === -1 ? url : url.slice(0, index);
}

/**
 * The file in the build at a URL path, or null for a path that is not one: undecodable, leaving the
 * build (`..`, encoded or not), or naming a dotfile or dot directory (`/.vite/route-preloads.json`).
 */
function fileIn(root: string, pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const file = path.join(root, decoded);
  if (!file.startsWith(root + path.sep)) return null;
  if (
    path
      .relative(root, file)
      .split(path.sep)
      .some((segment) => segment.startsWith('.'))
  )
    return null;
  return file;
}

const isFile = (file: string) =>
  stat(file).then(
    (stats) => stats.isFile(),
    () => false,
  );
