import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { accepts } from '../precompressed';
import type { RenderedBody } from './server-rendered-pages';

/** How index.html goes out: per request it differs, so it is compressed as it is sent. */
export type IndexEncoding = 'br' | 'gzip' | 'identity';

/** index.html differs per page, so it is compressed per request, at a level that costs under a millisecond. */
const INDEX_BROTLI_QUALITY = 5;

export function indexEncodingFor(acceptEncoding: string | undefined): IndexEncoding {
  if (accepts(acceptEncoding, 'br')) return 'br';
  if (accepts(acceptEncoding, 'gzip')) return 'gzip';
  return 'identity';
}

export function encodeIndex(page: string, encoding: IndexEncoding): Buffer | string {
  if (encoding === 'br')
    return brotliCompressSync(page, { params: { [zlib.BROTLI_PARAM_QUALITY]: INDEX_BROTLI_QUALITY } });
  if (encoding === 'gzip') return gzipSync(page);
  return page;
}

/** How a page answers: 404 for a path that is no route or a post or article that does not exist. */
export type PageStatus = 200 | 404;

/** A page as it goes out: its bytes in one encoding, and its status. */
export interface SentPage {
  bytes: Buffer | string;
  status: PageStatus;
}

/**
 * A kept guest render's whole page as sent, per encoding, with its status: made once per render the
 * gateway keeps (server-rendered-pages.ts), not per request; compressing it was most of a guest
 * page's cost. The status is kept with the page, so a kept copy never answers with another page's
 * status (a 200 for an unknown article's page). Held while the render is (weakly), so it goes when
 * the render's copy does.
 */
export class SentPages {
  private readonly pages = new WeakMap<
    RenderedBody,
    { page: string; status: PageStatus; bytes: Map<IndexEncoding, Buffer | string> }
  >();

  /** The page already made for this render, in this encoding, if any. */
  sent(body: RenderedBody, encoding: IndexEncoding): SentPage | undefined {
    const kept = this.pages.get(body);
    if (!kept) return undefined;
    let bytes = kept.bytes.get(encoding);
    if (bytes === undefined) {
      bytes = encodeIndex(kept.page, encoding);
      kept.bytes.set(encoding, bytes);
    }
    return { bytes, status: kept.status };
  }

  /** Keeps the page made for this render, and gives it in this encoding. */
  keep(body: RenderedBody, page: string, status: PageStatus, encoding: IndexEncoding): SentPage {
    this.pages.set(body, { page, status, bytes: new Map() });
    return this.sent(body, encoding)!;
  }
}
