import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { HeadTag } from '@daybreak/content';
import express, { NextFunction, Request, Response } from 'express';
import { withHeadTags } from './head-html';

/** Paths the SPA never owns: they 404 as APIs rather than falling back to index.html. */
const SERVER_PATHS = /^\/(api|objects|uploads|health)(\/|$)|^\/(robots\.txt|sitemap\.xml)$/;

/** The title, description, canonical and preview tags of the page at a path. */
export type PageTags = (pathname: string) => Promise<HeadTag[]>;

/**
 * Serves the built SPA on the gateway's origin: hashed assets cached for a year, index.html never
 * cached (so a deploy is picked up at once), and client-side routes answered with index.html that
 * carries the page's own tags, since crawlers do not run the SPA.
 */
export function serveSpa(directory: string, pageTags: PageTags) {
  const indexFile = path.resolve(directory, 'index.html');
  if (!existsSync(indexFile)) throw new Error(`SPA_DIR has no index.html: ${indexFile} (run npm run build)`);
  const assets = express.static(directory, {
    index: false,
    setHeaders: (res, file) => {
      const hashed = file.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const sendIndex = async (req: Request, res: Response): Promise<void> => {
    // Read per request: a small file, and a rebuilt SPA is served without a restart.
    const [html, tags] = await Promise.all([readFile(indexFile, 'utf8'), pageTags(req.path)]);
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(withHeadTags(html, tags));
  };
  return (req: Request, res: Response, next: NextFunction): void => {
    if (SERVER_PATHS.test(req.path)) return next();
    assets(req, res, () => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return next();
      sendIndex(req, res).catch(next);
    });
  };
}
