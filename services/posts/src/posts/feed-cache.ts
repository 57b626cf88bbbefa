import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Post as PostDto } from '@daybreak/contracts';
import { type Transaction, UnitOfWork } from '@daybreak/messaging';
import { InjectRedis, LocalCopies, redisReady } from '@daybreak/redis';
import type Redis from 'ioredis';
import { DataSource } from 'typeorm';
import type { CachedPage } from './cached-page';
import type { FeedWrite } from './feed-write';
import { JsonAnswer, JsonText } from './post-json.queries';
import { SharedFeedPages } from './shared-feed-pages';
import { viewersPage } from './viewers-page';

/** Pages of everyone's feed starting below this offset are cached: the ones nearly every visit reads. */
const CACHED_OFFSETS = 30;
/** Where every process of the service hears that the pages were dropped. */
const DROPPED_CHANNEL = 'posts:feed-pages-dropped';
/**
 * How long a process keeps a page it read in its own memory: a bound should the message that drops it
 * ever not arrive (it normally does within a millisecond of the commit).
 */
const LOCAL_TTL_MS = 5_000;
/**
 * Viewers whose answer a page's copy in memory keeps at most: a page of 10 is about 7 KB, so a copy
 * holds up to about 7 MB; past that, a viewer's page is built at each read. A plain Map that stops
 * taking answers, not lru-cache like the other bounded caches: a copy is made for each page after
 * every drop and lives 5 s at most, and an LRUCache sets aside its `max` slots when made (far dearer
 * than a Map: ADR 0020 has the measurement), for evictions a copy this short-lived won't need.
 */
const VIEWERS_PER_COPY = 1_000;
/** The key of a guest's answer among a copy's answers (a viewer's key is their id). */
const GUEST = '';

/** A feed page's answer, and the version of the cached page it was built from (when it was). */
export interface FeedAnswer {
  json: JsonAnswer<PostDto[]>;
  version?: number;
}

/**
 * The first pages of the public feed in Redis, as a guest sees them; a member's page is the cached
 * one with their likes merged in (one small query), or their own if they block, were blocked or mute
 * (viewers-page.ts, ADR 0024). Every change this service commits that a page
 * shows (a post, a like, a comment, a deletion, an author's name) is written through `write` (or
 * `writeIn`, in a transaction it was given), which drops them all after the commit, so the next read
 * sees it. Nothing else in posts gets a transaction (`feed-writers.spec.ts`). Redis being away only
 * costs the cache: reads go to Postgres.
 *
 * Each process also keeps the pages it read in memory, which saves a Redis round trip on nearly
 * every read (what that saves: ADR 0020). A drop is published on DROPPED_CHANNEL, and every process
 * forgets its copies when it hears it; while its subscription is down (a reconnect could miss a
 * drop) it keeps none. Another process' next read so sees a change as soon as the message arrives,
 * normally within a millisecond of the commit, and never later than LOCAL_TTL_MS. A member's likes
 * on a page are read from Postgres once per copy: the copy remembers the member's answer (`answers`)
 * until it is dropped, and a like drops it like any other change.
 */
@Injectable()
export class FeedCache implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(FeedCache.name);
  /** This process' copies of the pages, by `limit:offset`. */
  private readonly local: LocalCopies<CachedPage>;
  /** The drop under way, and the one to start when it ends (shared by the commits meanwhile). */
  private dropping: Promise<void> | null = null;
  private nextDrop: Promise<void> | null = null;
  /** The reads of pages from Redis (or Postgres) under way, by drop generation and `limit:offset`. */
  private readonly reading = new Map<string, Promise<CachedPage>>();
  /** The pages every process shares, in Redis. */
  private readonly shared: SharedFeedPages;

  constructor(
    @InjectRedis() private readonly redis: Redis,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly unitOfWork: UnitOfWork,
  ) {
    this.local = new LocalCopies(redis, { channel: DROPPED_CHANNEL, ttlMs: LOCAL_TTL_MS });
    this.shared = new SharedFeedPages(redis, this.local, this.logger);
  }

  /**
   * Runs `work` in a transaction (the unit of work: its changes and events commit together) and drops
   * every cached page once it commits. The one way posts writes what a feed page shows.
   */
  write<T>(work: (tx: FeedWrite) => Promise<T>): Promise<T> {
    return this.unitOfWork.run((tx) => this.writeIn(tx, work));
  }

  /**
   * `write`, in a transaction begun elsewhere (a consumer's batch): drops every cached page once `tx`
   * commits, and only then (a rolled back change shows nowhere).
   */
  writeIn<T>(tx: Transaction, work: (tx: FeedWrite) => Promise<T>): Promise<T> {
    tx.afterCommit(() => this.invalidate());
    return work(tx as FeedWrite);
  }

  /** Pages cached before this process started may predate a restore or a migration: not trusted. */
  async onApplicationBootstrap(): Promise<void> {
    await this.local.start();
    await this.invalidate();
  }

  async onModuleDestroy(): Promise<void> {
    await this.local.stop();
  }

  /** Whether this page is one the cache keeps. */
  covers(page: { limit: number; offset: number; authorId?: string }): boolean {
    return page.authorId === undefined && page.offset < CACHED_OFFSETS;
  }

  /**
   * The page for `viewerId`, from the cache, or built by `load(null)` (as a guest sees it) and
   * stored; `load(viewerId)` answers directly while Redis is away. The answer says the version of
   * the cached page it was built from, when it was.
   */
  async page(
    page: { limit: number; offset: number },
    viewerId: string | null,
    load: (viewerId: string | null) => Promise<JsonText<PostDto[]>>,
  ): Promise<FeedAnswer> {
    // While Redis is away the page comes from Postgres at once, not after ioredis' reconnect retries.
    if (!redisReady(this.redis)) return { json: await load(viewerId) };
    const field = `${page.limit}:${page.offset}`;
    const cached = this.local.get(field) ?? (await this.readShared(field, () => load(null)));
    const { version } = cached;
    const key = viewerId ?? GUEST;
    const kept = cached.answers?.get(key);
    if (kept) return { json: kept, version };
    const json = viewerId ? await viewersPage(this.dataSource.manager, cached, viewerId, load) : cached.json;
    // A copy dropped meanwhile is no longer read, so an answer built from it is never served again.
    if (!cached.answers || cached.answers.size >= VIEWERS_PER_COPY) return { json, version };
    const bytes = Buffer.from(json);
    cached.answers.set(key, bytes);
    return { json: bytes, version };
  }

  /**
   * Drops every cached page now, for a change another process committed (a block its consumer
   * applied) that a reader must see from their next read on (SafetyService.caughtUp).
   */
  refresh(): Promise<void> {
    return this.invalidate();
  }

  /**
   * Drops every cached page. A change committed while a drop is under way may have come after that
   * drop's bump, so it waits for the next drop, which every change committed meanwhile shares: under
   * load, one drop's Redis round trips serve many commits, and each still answers only once a drop
   * that began after its commit is done.
   */
  private invalidate(): Promise<void> {
    this.local.drop();
    if (!this.dropping) {
      this.dropping = this.shared.drop().finally(() => (this.dropping = null));
      return this.dropping;
    }
    this.nextDrop ??= this.dropping.then(() => {
      this.nextDrop = null;
      return this.invalidate();
    });
    return this.nextDrop;
  }

  /**
   * The page from Redis, or built and stored there; kept in memory unless a drop came meanwhile.
   * Requests that miss the same page before another drop share one read: after a change, every
   * reader of the page misses at once, and each would otherwise build it from Postgres.
   */
  private readShared(field: string, load: () => Promise<JsonText<PostDto[]>>): Promise<CachedPage> {
    const generation = this.local.generation();
    // A read that began before a drop is never shared with a request that came after it.
    const key = `${generation}:${field}`;
    const underWay = this.reading.get(key);
    if (underWay) return underWay;
    const reading = this.readSharedOnce(field, load, generation).finally(() => this.reading.delete(key));
    this.reading.set(key, reading);
    return reading;
  }

  private async readSharedOnce(
    field: string,
    load: () => Promise<JsonText<PostDto[]>>,
    generation: number,
  ): Promise<CachedPage> {
    const page = (await this.shared.read(field)) ?? (await this.shared.fill(field, load));
    // Only a kept copy remembers viewers' answers: it is the one a drop takes away.
    if (this.local.keep(field, page, generation)) page.answers = new Map();
    return page;
  }
}
