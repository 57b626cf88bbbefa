import { Logger } from '@nestjs/common';
import { FEED_VERSION_CHANNEL, FEED_VERSION_KEY } from '@daybreak/contracts';
import { VersionedCopies } from '@daybreak/redis';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type Redis from 'ioredis';
import { LRUCache } from 'lru-cache';
import { withTimeout } from '../with-timeout';
import { inProcessFetch, type Viewer } from './in-process-fetch';
import type { Render } from './renderer';

/** A page's #root as the server rendered it, and the data it was rendered from (JSON). */
export interface RenderedBody {
  html: string;
  state: string;
}

/** A rendered page, and whom for: a member's is theirs alone (never kept, never shared). */
export interface ServerPage {
  body: RenderedBody;
  viewer: 'guest' | 'member';
}

/**
 * How a route's render is kept for guests. `fixed`: it depends on nothing but the build (the
 * landing page, the blog), kept while the gateway runs. `feed`: it shows posts, kept until the posts
 * service announces a change (the feed copies' version, as FeedCopies) or `FEED_PAGE_TTL_MS`.
 * `none`: an invite's state changes with no such announcement.
 */
type GuestCopies = 'fixed' | 'feed' | 'none';

const RENDERED_ROUTES: readonly [RegExp, GuestCopies][] = [
  [/^\/(landing|blog)\/?$/, 'fixed'],
  [/^\/blog\/[^/]+\/?$/, 'fixed'],
  [/^\/$/, 'feed'],
  [/^\/post\/[^/]+\/?$/, 'feed'],
  [/^\/invite\/[^/]+\/?$/, 'none'],
];

/** A render that takes longer gives the shell instead: the page must not wait on a slow service. */
export const RENDER_TIMEOUT_MS = 300;
/** A bound should a version message not arrive, as FeedCopies has. */
const FEED_PAGE_TTL_MS = 5_000;
/** Copies kept at most, per kind: a rendered page with its data is 20–60 KB. */
const MAX_COPIES = 500;

export interface ServerRenderedPagesOptions {
  /** The site's public origin (head tags and share links in the render). */
  origin: string;
  /** The session cookie's name: a request with it is a member's. */
  sessionCookie: string;
  timeoutMs?: number;
}

/**
 * Server-rendered pages of the public routes (ADR 0032), for serve-spa's index.html. A member's page
 * is rendered for each request with their cookie; a guest's (no session cookie, and rendered with
 * none) is kept and served to every guest.
 */
export class ServerRenderedPages {
  private readonly logger = new Logger(ServerRenderedPages.name);
  private readonly fixedPages = new LRUCache<string, RenderedBody>({ max: MAX_COPIES });
  private readonly feedPages: VersionedCopies<RenderedBody>;

  constructor(
    private readonly fastify: FastifyInstance,
    private readonly render: Render,
    private readonly redis: Redis,
    private readonly options: ServerRenderedPagesOptions,
  ) {
    this.feedPages = new VersionedCopies(redis, {
      channel: FEED_VERSION_CHANNEL,
      versionKey: FEED_VERSION_KEY,
      ttlMs: FEED_PAGE_TTL_MS,
      maxEntries: MAX_COPIES,
    });
  }

  start(): Promise<void> {
    return this.feedPages.start();
  }

  stop(): Promise<void> {
    return this.feedPages.stop();
  }

  /** The page at the request's address rendered for its viewer, or null: the shell then. */
  async pageFor(request: FastifyRequest, pathname: string): Promise<ServerPage | null> {
    const copies = RENDERED_ROUTES.find(([pattern]) => pattern.test(pathname))?.[1];
    if (!copies) return null;
    const url = request.url;
    const cookie = request.headers.cookie;
    if (cookie && hasCookie(cookie, this.options.sessionCookie)) {
      const body = await this.rendered(url, { cookie, address: request.ip });
      return body && { body, viewer: 'member' };
    }
    const body = await this.guestPage(url, copies, request.ip);
    return body && { body, viewer: 'guest' };
  }

  private async guestPage(url: string, copies: GuestCopies, address: string): Promise<RenderedBody | null> {
    const guest: Viewer = { address };
    if (copies === 'fixed') {
      const kept = this.fixedPages.get(url);
      if (kept) return kept;
      const body = await this.rendered(url, guest);
      if (body) this.fixedPages.set(url, body);
      return body;
    }
    if (copies === 'none') return this.rendered(url, guest);
    const kept = this.feedPages.get(url);
    if (kept) return kept;
    // Read before the render: a change during it makes the copy older than the version heard.
    const version = await this.currentFeedVersion();
    const body = await this.rendered(url, guest);
    if (body && version !== undefined) this.feedPages.keep(url, body, version);
    return body;
  }

  private async currentFeedVersion(): Promise<number | undefined> {
    if (this.redis.status !== 'ready') return undefined;
    try {
      return Number((await this.redis.get(FEED_VERSION_KEY)) ?? 0);
    } catch {
      return undefined;
    }
  }

  /** The render, or null when it fails, leaves the page to the browser or takes too long: never an error. */
  private async rendered(url: string, viewer: Viewer): Promise<RenderedBody | null> {
    try {
      const result = await withTimeout(
        this.render({ url, origin: this.options.origin, fetch: inProcessFetch(this.fastify, viewer) }),
        this.options.timeoutMs ?? RENDER_TIMEOUT_MS,
      );
      if (!result) this.logger.warn(`Server render of ${url} took too long: the shell went out`);
      return result?.kind === 'page' ? { html: result.html, state: result.state } : null;
    } catch (error) {
      this.logger.warn(`Server render of ${url} failed: ${(error as Error).message}`);
      return null;
    }
  }
}

/** Whether a Cookie header holds a cookie of this name. */
function hasCookie(header: string, name: string): boolean {
  return header.split(';').some((pair) => pair.trim().startsWith(`${name}=`));
}
