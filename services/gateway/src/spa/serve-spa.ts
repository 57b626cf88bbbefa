import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { NextFunction, Request, Response } from 'express';

/** Paths the SPA never owns: they 404 as APIs rather than falling back to index.html. */
const SERVER_PATHS = /^\/(api|objects|uploads|health)(\/|$)/;

/**
 * Serves the built SPA on the gateway's origin: hashed assets cached for a year, index.html never
 * cached (so a deploy is picked up at once), and client-side routes answered with index.html.
 */
export function serveSpa(directory: string) {
  const indexFile = path.resolve(directory, 'index.html');
  if (!existsSync(indexFile)) throw new Error(`SPA_DIR has no index.html: ${indexFile} (run npm run build)`);
  const assets = express.static(directory, {
    index: false,
    setHeaders: (res, file) => {
      const hashed = file.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return (req: Request, res: Response, next: NextFunction): void => {
    if (SERVER_PATHS.test(req.path)) return next();
    assets(req, res, () => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return next();
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(indexFile);
    });
  };
}
