import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { HeadTag } from '@daybreak/content';
import express, { NextFunction, Request, Response } from 'express';
import { withHeadTags } from './head-html';
import { precompressedCopy, type Precompressed } from './precompressed';
import { dataFor, readRoutePreloads, routeMatcher, withPreloads } from './route-preloads';

/** Paths the SPA never owns: they 404 as APIs rather than falling back to index.html. */
const SERVER_PATHS = /^\/(api|objects|uploads|health)(\/|$)|^\/(robots\.txt|sitemap\.xml)$/;

/** What index.html says about the page at a path beyond the SPA's own. */
export interface PageHead {
  /** Its title, description, canonical and preview tags. */
  tags: HeadTag[];
  /** Images its first screen shows, preloaded with the HTML (a post's photo). */
  images: string[];
}

/** The head of the page at a path. */
export type PageHeads = (pathname: string) => Promise<PageHead>;

/** index.html differs per page, so it is compressed per request, at a level that costs under a millisecond. */
const INDEX_BROTLI_QUALITY = 5;

/** The precompressed copy chosen for this response (see `serveSpa`). */
type ChosenCopy = NonNullable<Precompressed['chosen']>;

/**
 * Serves the built SPA on the gateway's origin: hashed assets cached for a year, index.html never
 * cached (so a deploy is picked up at once), and client-side routes answered with index.html that
 * carries the page's own tags, since crawlers do not run the SPA, and preloads for the route's
 * scripts, first API reads and first images. Text files go out as the brotli or gzip copy the build
 * wrote beside them, by Accept-Encoding; index.html is compressed as it is sent.
 */
export function serveSpa(directory: string, pageHeads: PageHeads) {
  const root = path.resolve(directory);
  const indexFile = path.join(root, 'index.html');
  const routePreloadsFile = path.join(root, '.vite', 'route-preloads.json');
  if (!existsSync(indexFile)) throw new Error(`SPA_DIR has no index.html: ${indexFile} (run npm run build)`);
  const assets = express.static(root, {
    index: false,
    setHeaders: (res, file) => {
      const copy = res.locals.precompressed as ChosenCopy | undefined;
      const original = copy ? file.slice(0, -copy.extension.length) : file;
      const hashed = original.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      if (copy) {
        res.setHeader('Content-Encoding', copy.encoding);
        res.type(path.extname(original)); // the original's type, not the copy's (.br, .gz)
      }
    },
  });
  const sendIndex = async (req: Request, res: Response): Promise<void> => {
    // Read per request: small files, and a rebuilt SPA is served without a restart.
    const [html, routes, head] = await Promise.all([
      readFile(indexFile, 'utf8'),
      readRoutePreloads(routePreloadsFile),
      pageHeads(req.path),
    ]);
    res.setHeader('Cache-Control', 'no-cache');
    res.vary('Accept-Encoding');
    res.type('html');
    const preloads = {
      scripts: routeMatcher(routes)(req.path),
      data: dataFor(req.path),
      images: head.images,
    };
    const page = withPreloads(withHeadTags(html, head.tags), preloads);
    if (req.acceptsEncodings('br') === 'br') {
      res.setHeader('Content-Encoding', 'br');
      res.send(brotliCompressSync(page, { params: { [zlib.BROTLI_PARAM_QUALITY]: INDEX_BROTLI_QUALITY } }));
    } else if (req.acceptsEncodings('gzip') === 'gzip') {
      res.setHeader('Content-Encoding', 'gzip');
      res.send(gzipSync(page));
    } else {
      res.send(page);
    }
  };
  const serve = async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    if (req.method === 'GET' || req.method === 'HEAD') {
      const copy = await precompressedCopy(root, req);
      if (copy.varies) res.vary('Accept-Encoding');
      if (copy.chosen) {
        res.locals.precompressed = copy.chosen;
        const [pathname, query] = splitUrl(req.url);
        req.url = `${pathname}${copy.chosen.extension}${query}`;
      }
    }
    assets(req, res, () => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return next();
      sendIndex(req, res).catch(next);
    });
  };
  return (req: Request, res: Response, next: NextFunction): void => {
    if (SERVER_PATHS.test(req.path)) return next();
    serve(req, res, next).catch(next);
  };
}

/** A request URL's path and its query (with the '?', or empty). */
function splitUrl(url: string): [string, string] {
  const index = url.indexOf('?');
  return index === -1 ? [url, ''] : [url.slice(0, index), url.slice(index)];
}
