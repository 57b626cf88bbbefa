import { createHash } from 'node:crypto';
import { Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { FEED_VERSION_CHANNEL, FEED_VERSION_KEY } from '@daybreak/contracts';
import { feedCopyReads } from '@daybreak/observability';
import { InjectRedis, VersionedCopies } from '@daybreak/redis';
import type Redis from 'ioredis';
import type { VersionedFeedPage } from '../downstream/posts.client';
import { accepts } from '../spa/precompressed';
import {
  API_ENCODINGS,
  COMPRESSION_THRESHOLD_BYTES,
  compressApiAnswer,
  type ApiEncoding,
} from '../spa/compress-api';

/**
 * How long a copy is kept at most: a bound should a version message ever not arrive (it normally
 * does within a millisecond of the change), as the posts service bounds its own copies.
 */
const TTL_MS = 5_000;
/**
 * Copies kept at most: a page of 10 posts is 7–13 KB (13 KB with 3–5 comment previews a post, as the
 * bench's) and each compressed form of it about 4 KB, so up to about 60 MB of the gateway's 512 MiB
 * (deploy/k8s/gateway.yaml).
 */
const MAX_COPIES = 3_000;
/** The page parameters a copy is kept for: as the SPA writes them, a few digits each (or absent). */
const PAGE_NUMBER = /^\d{1,4}$/;
const COPY_USED = feedCopyReads.labels({ result: 'used' });
const COPY_MISSED = feedCopyReads.labels({ result: 'missed' });

/**
 * A feed page's answer as the gateway keeps it: its JSON, its ETag (the weak SHA-1 @fastify/etag
 * would give the same bytes, so a copy and a fresh answer agree), and the JSON compressed for each
 * encoding a browser has asked for. All made once, not per read: brotli alone would cost a copy's
 * read several times what the rest of it does.
 */
export class FeedPageCopy {
  readonly etag: string;
  private readonly encoded = new Map<ApiEncoding, Buffer>();

  constructor(readonly json: Buffer) {
    this.etag = `W/"${createHash('sha1').update(json).digest('base64')}"`;
  }

  /** What to send to a client with this Accept-Encoding: the best encoding it takes, or the JSON. */
  body(acceptEncoding: string | undefined): { bytes: Buffer; encoding?: ApiEncoding } {
    const encoding =
      this.json.length >= COMPRESSION_THRESHOLD_BYTES
        ? API_ENCODINGS.find((name) => accepts(acceptEncoding, name))
        : undefined;
    if (!encoding) return { bytes: this.json };
    let bytes = this.encoded.get(encoding);
    if (!bytes) {
      bytes = compressApiAnswer(this.json, encoding);
      this.encoded.set(encoding, bytes);
    }
    return { bytes, encoding };
  }
}

/**
 * Feed pages as the posts service answered them, kept in this gateway process' memory by viewer and
 * page, so that reading the same page again costs no call to posts.
 *
 * Posts says which version of its cached pages an answer was built from, counts every change it
 * commits and publishes the new count (FEED_VERSION_CHANNEL); a copy is used only while no newer
 * version has been heard of, so the next read after any change (a post, a like, a comment, a
 * deletion, an author's new name) goes to posts again. Only answers posts marks with a version are
 * kept: the pages it caches itself, and never while Redis is away.
 */
@Injectable()
export class FeedCopies implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly copies: VersionedCopies<FeedPageCopy>;

  constructor(@InjectRedis() redis: Redis) {
    this.copies = new VersionedCopies(redis, {
      channel: FEED_VERSION_CHANNEL,
      versionKey: FEED_VERSION_KEY,
      ttlMs: TTL_MS,
      maxEntries: MAX_COPIES,
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.copies.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.copies.stop();
  }

  /**
   * The page for `viewerId`: this process' copy, or what `read` gets from posts, as a copy if it may
   * be kept (else its JSON, to be sent as any answer is).
   */
  async page(
    viewerId: string | null,
    page: { limit?: string; offset?: string },
    read: () => Promise<VersionedFeedPage>,
  ): Promise<FeedPageCopy | Buffer> {
    const key = copyKey(viewerId, page);
    const kept = key === undefined ? undefined : this.copies.get(key);
    (kept ? COPY_USED : COPY_MISSED).inc();
    if (kept) return kept;
    const { bytes, version } = await read();
    if (key === undefined || version === undefined) return bytes;
    const copy = new FeedPageCopy(bytes);
    this.copies.keep(key, copy, version);
    return copy;
  }
}

/** Where a viewer's page is kept; none for parameters of another form (posts answers those each time). */
function copyKey(viewerId: string | null, { limit, offset }: { limit?: unknown; offset?: unknown }) {
  const canonical = (value: unknown) =>
    value === undefined || (typeof value === 'string' && PAGE_NUMBER.test(value));
  if (!canonical(limit) || !canonical(offset)) return undefined;
  return `${viewerId ?? ''}:${limit ?? ''}:${offset ?? ''}`;
}
