import type { Logger } from '@nestjs/common';
import { FEED_VERSION_CHANNEL, FEED_VERSION_KEY, type Post as PostDto } from '@daybreak/contracts';
import { LocalCopies, redisReady, versionChannel } from '@daybreak/redis';
import type Redis from 'ioredis';
import { CachedPage, pageFromStore, storedPage } from './cached-page';
import type { JsonText } from './post-json.queries';

/** Pages of the feed as a guest sees them, by `limit:offset`. */
const PAGES_KEY = 'posts:feed-pages';
/**
 * Bumped by every committed change: a page read before it may not be stored after it. It is also
 * the version of the pages that other services' copies go by (FEED_VERSION_CHANNEL).
 */
const GENERATION_KEY = FEED_VERSION_KEY;
/** A bound on staleness should an invalidation ever fail (Redis away just after a commit). */
const TTL_SECONDS = 60;

/** Stores a page only if no change committed since its generation was read (atomically). */
const STORE_IF_CURRENT = `
  if redis.call('GET', KEYS[2]) == ARGV[1] or (not redis.call('GET', KEYS[2]) and ARGV[1] == '') then
    redis.call('HSET', KEYS[1], ARGV[2], ARGV[3])
    redis.call('EXPIRE', KEYS[1], ARGV[4])
  end
  return 1`;

/** The feed pages every process of the service shares in Redis, with the generation they are of. */
export class SharedFeedPages {
  constructor(
    private readonly redis: Redis,
    /** This process' copies: a drop is published on their channel, in the drop's transaction. */
    private readonly local: LocalCopies<CachedPage>,
    private readonly logger: Logger,
  ) {}

  async read(field: string): Promise<CachedPage | null> {
    try {
      // A stored page is of the generation current when it is read: a change deletes it with the bump.
      const [[, value], [, generation]] = (await this.redis
        .multi()
        .hget(PAGES_KEY, field)
        .get(GENERATION_KEY)
        .exec()) as [[Error | null, string | null], [Error | null, string | null]];
      return value === null ? null : pageFromStore(value, Number(generation ?? 0));
    } catch (error) {
      this.logger.warn(`Feed cache unavailable: ${(error as Error).message}`);
      return null;
    }
  }

  /** The page built by `load`, stored unless a change committed since the build began. */
  async fill(field: string, load: () => Promise<JsonText<PostDto[]>>): Promise<CachedPage> {
    const generation = await this.redis.get(GENERATION_KEY).catch(() => undefined);
    const json = await load();
    const page: CachedPage = { ids: (JSON.parse(json) as { id: string }[]).map((post) => post.id), json };
    if (generation !== undefined) {
      // No count yet is the count before the first change.
      page.version = Number(generation ?? 0);
      await this.redis
        .eval(
          STORE_IF_CURRENT,
          2,
          PAGES_KEY,
          GENERATION_KEY,
          generation ?? '',
          field,
          storedPage(page),
          TTL_SECONDS,
        )
        .catch((error: Error) => this.logger.warn(`Could not cache a feed page: ${error.message}`));
    }
    return page;
  }

  /** Bumps the generation, deletes the pages in Redis and tells every process (and the gateway). */
  async drop(): Promise<void> {
    // Pages cached before an outage expire within TTL_SECONDS of Redis' return.
    if (!redisReady(this.redis)) return;
    try {
      const [[, generation]] = (await this.local
        .publishDrop(this.redis.multi().incr(GENERATION_KEY).del(PAGES_KEY))
        .exec()) as [[Error | null, number]];
      // Other services' copies of the answers go by the version (VersionedCopies).
      await this.redis.publish(versionChannel(this.redis, FEED_VERSION_CHANNEL), String(generation));
    } catch (error) {
      this.logger.error(`Could not drop the cached feed pages: ${(error as Error).message}`);
    }
  }
}
