import compression from 'compression';
import type { Request, RequestHandler, Response } from 'express';

/**
 * gzip/brotli for the API's JSON (a feed page is about 7 KB; on a phone's slow link that is most of
 * its time). The SPA's files are compressed at build time and sent with their Content-Encoding, which
 * this leaves alone. The unread-count event stream is never compressed: a compressor buffers, and
 * the browser would see each event late.
 */
export function compressApiAnswers(): RequestHandler {
  return compression({
    filter: (req: Request, res: Response) =>
      !String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream') &&
      compression.filter(req, res),
  });
}
