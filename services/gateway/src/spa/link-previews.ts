import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  blogArticlePage,
  findBlogArticleSummary,
  headTags,
  pages,
  postPage,
  sitePage,
  type PageMeta,
} from '@daybreak/content';
import { imageSourceChain, isUuid, postPreviewOf } from '@daybreak/contracts';
import { GATEWAY_CONFIG, GatewayConfig, publicOrigin } from '../config';
import { PostsClient } from '../downstream/posts.client';
import { hasStatus } from '../downstream/upstream-errors';
import type { PageHead } from './serve-spa';
import { withTimeout } from './with-timeout';

/** A crawler waits no longer than this for a post; after it, the page gets the site's tags. */
const POST_LOOKUP_TIMEOUT_MS = 2000;

/** The screens whose metadata depends on nothing but their address, by that address. */
const FIXED_PAGES = new Map(
  Object.values(pages)
    .filter((page): page is PageMeta => typeof page !== 'function')
    .map((page) => [page.path, page]),
);

/** A page's metadata, the images its first screen shows, and whether what it shows is missing. */
interface Page {
  meta: PageMeta;
  images: string[];
  missing?: boolean;
}

const BLOG_ARTICLE = /^\/blog\/([^/]+)\/?$/;
/** `/post/{id}` and the shared form `/share/post/{id}`: both preview the post. */
const POST = /^\/(?:share\/)?post\/([^/]+)\/?$/;

/**
 * The page tags for an address, for crawlers that read index.html without running the SPA (link
 * previews in chats and social networks, search engines). Posts are read as a guest sees them.
 */
@Injectable()
export class LinkPreviews {
  private readonly logger = new Logger(LinkPreviews.name);
  private readonly origin: string;

  constructor(
    private readonly posts: PostsClient,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
  ) {
    this.origin = publicOrigin(config);
  }

  /**
   * The tags of the page at an address, the images its first screen shows (a post's photo), and
   * whether its post or article is missing (the page then answers 404).
   */
  async headFor(pathname: string): Promise<PageHead> {
    const { meta, images, missing = false } = await this.pageFor(pathname);
    return { tags: headTags(meta, this.origin), images, missing };
  }

  private async pageFor(pathname: string): Promise<Page> {
    const fixed = FIXED_PAGES.get(pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname);
    if (fixed) return { meta: fixed, images: [] };
    if (BLOG_ARTICLE.test(pathname)) {
      // An id whose escapes do not decode names no article either.
      const articleId = segment(BLOG_ARTICLE, pathname);
      const article = articleId === undefined ? undefined : findBlogArticleSummary(articleId);
      if (article) return { meta: blogArticlePage(article), images: [] };
      if (articleId === undefined) return { meta: sitePage(pathname), images: [], missing: true };
      return { meta: pages.blogArticleNotFound(articleId), images: [], missing: true };
    }
    if (POST.test(pathname)) return this.postPageFor(pathname, segment(POST, pathname));
    return { meta: sitePage(pathname), images: [] };
  }

  /**
   * The post's preview, and its photo as the post's screen asks for it first (the webp variant), so
   * the browser can fetch the photo, the screen's largest paint, with the HTML. A missing, unreadable
   * or slow post gets the site's tags, never an error. Missing is what posts answers 404 to a guest
   * for (never written, deleted, hidden by moderation, its author's account deleted) and an id no
   * post can have (`id` undefined: its escapes do not decode); a slow or failing read is not.
   */
  private async postPageFor(pathname: string, id: string | undefined): Promise<Page> {
    if (id === undefined) return { meta: sitePage(pathname), images: [], missing: true };
    const fallback = { meta: sitePage(`/post/${encodeURIComponent(id)}`), images: [] };
    if (!isUuid(id)) return { ...fallback, missing: true };
    try {
      const post = await withTimeout(this.posts.findOne(null, id), POST_LOOKUP_TIMEOUT_MS);
      if (!post) return fallback; // too slow: it may well exist
      return {
        meta: postPage(postPreviewOf(post)),
        images: post.imageUrl ? imageSourceChain(post.imageUrl).slice(0, 1) : [],
      };
    } catch (error) {
      if (hasStatus(error, 404)) return { ...fallback, missing: true };
      this.logger.warn(`No preview for post ${id}: ${(error as Error).message}`);
      return fallback;
    }
  }
}

/** The decoded path parameter `pattern` captures, or undefined (no match, or malformed escapes). */
function segment(pattern: RegExp, pathname: string): string | undefined {
  const match = pattern.exec(pathname);
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return undefined;
  }
}
