import type { BlogArticleSummary } from './blog/article';
import { blogArticleSummaries } from './blog/catalog';

/**
 * Spec §3 "Page metadata": what a route tells the browser tab, search engines and link previews.
 * The SPA turns it into its route heads; the gateway writes the same tags into index.html for
 * crawlers, which do not run JavaScript. Both go through `headTags`, so the two never disagree.
 */
export interface PageMeta {
  /** The whole document title, site name included. */
  title: string;
  description: string;
  keywords: readonly string[];
  /** Canonical path (`/landing`); made absolute with the site's public origin. */
  path: string;
  type: 'website' | 'article';
  /** Share image: a path on our origin or an absolute URL. The default share image when absent. */
  image?: string;
  imageAlt?: string;
  article?: ArticleDetails;
  /** Private, personal and test pages stay out of search results. */
  noindex?: boolean;
}

export interface ArticleDetails {
  author: string;
  /** ISO dates. */
  publishedTime: string;
  modifiedTime: string;
  section: string;
  tags: readonly string[];
}

/** One tag of the document head, before it is rendered by React (SPA) or as HTML (gateway). */
export type HeadTag =
  | { tag: 'title'; text: string }
  | { tag: 'meta'; name: string; content: string }
  | { tag: 'meta'; property: string; content: string }
  | { tag: 'link'; rel: 'canonical'; href: string };

export const SITE_NAME = 'Daybreak';

/** The picture a link preview shows when a page has none of its own (frontend/public, 1200×630). */
export const DEFAULT_SHARE_IMAGE = {
  path: '/og-image.png',
  width: 1200,
  height: 630,
  alt: 'Daybreak: chase your dreams before the world wakes up',
} as const;

/**
 * Marks the tags the gateway wrote into index.html. The SPA removes them when it starts: from then
 * on the router's head management owns the head, and stale preview tags must not outlive a navigation.
 */
export const SERVER_HEAD_ATTRIBUTE = 'data-page-meta';

const SITE_DESCRIPTION =
  'Daybreak is the social network for early risers: share your 5 AM mornings, keep your streak and rise with your tribe.';
const SITE_KEYWORDS = ['early risers', '5 AM club', 'morning routine', 'habit streaks', 'productivity'];

const titled = (name: string) => `${name} | ${SITE_NAME}`;

function page(
  path: string,
  title: string,
  description: string,
  keywords: readonly string[] = [],
  options: Pick<PageMeta, 'noindex'> = {},
): PageMeta {
  return { title, description, keywords: [...keywords, ...SITE_KEYWORDS], path, type: 'website', ...options };
}

/** The site itself: the tags of any address that has nothing more specific (a missing post, say). */
export function sitePage(path: string): PageMeta {
  return page(path, SITE_NAME, SITE_DESCRIPTION);
}

/** Every screen of spec §2 with fixed metadata. Personal screens are not for search engines. */
export const pages = {
  landing: page(
    '/landing',
    `${SITE_NAME}: Chase your dreams before the world wakes up`,
    'Join the early risers who post at 5 AM, keep streaks, earn badges and climb a weekly leaderboard with the people they follow.',
    ['5AM', 'wake up early', 'accountability'],
  ),
  home: page(
    '/',
    titled('For You'),
    'Morning updates from early risers: see who is up at 5 AM, like, comment and share your own.',
    ['community feed'],
  ),
  following: page(
    '/following',
    titled('Following'),
    "This week's leaderboard among the people you follow, and early risers to find and follow.",
    ['leaderboard'],
    { noindex: true },
  ),
  createPost: page(
    '/create-post',
    titled('New Post'),
    'Share a line and a photo of your morning with the early risers who follow you.',
    [],
    { noindex: true },
  ),
  notifications: page(
    '/notifications',
    titled('Notifications'),
    'Likes, comments, follows and badges from your early-rising friends.',
    [],
    { noindex: true },
  ),
  moderation: page(
    '/moderation',
    titled('Moderation'),
    'Reports from members, and what the moderators decided.',
    [],
    { noindex: true },
  ),
  ownProfile: page(
    '/profile',
    titled('Your Profile'),
    'Your streaks, badges, 30-day activity and posts.',
    [],
    { noindex: true },
  ),
  profile: (userId: string) =>
    page(
      `/profile/${encodeURIComponent(userId)}`,
      titled('Profile'),
      "An early riser's streaks, badges and morning posts.",
      [],
      { noindex: true },
    ),
  blog: page(
    '/blog',
    titled('Rise & Learn: the Blog'),
    'Articles on early rising, sleep, fitness and the habits that stick: the science and stories behind the 5 AM start.',
    ['blog', 'sleep science', 'habits'],
  ),
  invite: (code: string) =>
    page(
      `/invite/${encodeURIComponent(code)}`,
      titled("You're Invited"),
      'A friend invited you to Daybreak, the social network for early risers. Follow each other and start your streak.',
      ['invite'],
      { noindex: true },
    ),
  testPage: (path: string, name: string) =>
    page(path, titled(`Test: ${name}`), `Internal test page: ${name}.`, [], { noindex: true }),
  /** An unknown blog article id (the page shows 'Post not found'). */
  blogArticleNotFound: (id: string) =>
    page(`/blog/${encodeURIComponent(id)}`, titled('Post not found'), SITE_DESCRIPTION, [], {
      noindex: true,
    }),
} as const;

export function blogArticlePage(article: BlogArticleSummary): PageMeta {
  return {
    title: `${article.title} | ${SITE_NAME} Blog`,
    description: article.excerpt,
    keywords: [...article.tags, article.category],
    path: `/blog/${encodeURIComponent(article.id)}`,
    type: 'article',
    article: {
      author: article.author,
      publishedTime: article.date,
      modifiedTime: article.modified,
      section: article.category,
      tags: article.tags,
    },
  };
}

/** Spec §9: a shared post is described by its first 100 characters. */
export const SHARE_TEXT_LENGTH = 100;

export function shareText(content: string): string {
  return content.slice(0, SHARE_TEXT_LENGTH);
}

export interface PostPreview {
  id: string;
  content: string;
  authorName: string;
  /** The photo's preview variant, or null for a post without one. */
  image: string | null;
}

/** A post's page: `/share/post/{id}` links land here too, so both carry this metadata. */
export function postPage(post: PostPreview): PageMeta {
  const text = shareText(post.content).trim();
  return {
    title: `${post.authorName} on ${SITE_NAME}`,
    description: text || `A morning update from ${post.authorName} on ${SITE_NAME}.`,
    keywords: ['morning update', ...SITE_KEYWORDS],
    path: `/post/${encodeURIComponent(post.id)}`,
    type: 'article',
    ...(post.image ? { image: post.image, imageAlt: `Photo shared by ${post.authorName}` } : {}),
  };
}

/** The pages a sitemap lists: spec §1's public marketing content (landing, blog, the articles). */
export function sitemapPages(): { path: string; lastModified?: string }[] {
  return [
    { path: pages.landing.path },
    { path: pages.blog.path },
    ...blogArticleSummaries.map((article) => ({
      path: blogArticlePage(article).path,
      lastModified: article.modified,
    })),
  ];
}

/**
 * The tags of one page, in the order they are written: title, description, keywords, canonical,
 * then Open Graph (with article details for articles) and the Twitter card. URLs are absolute.
 */
export function headTags(meta: PageMeta, origin: string): HeadTag[] {
  const absolute = (pathOrUrl: string) =>
    /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${origin}${pathOrUrl}`;
  const url = absolute(meta.path);
  const image = absolute(meta.image ?? DEFAULT_SHARE_IMAGE.path);
  const imageAlt = meta.image ? (meta.imageAlt ?? meta.title) : DEFAULT_SHARE_IMAGE.alt;
  const named = (name: string, content: string): HeadTag => ({ tag: 'meta', name, content });
  const property = (name: string, content: string): HeadTag => ({ tag: 'meta', property: name, content });
  return [
    { tag: 'title', text: meta.title },
    named('description', meta.description),
    named('keywords', meta.keywords.join(', ')),
    ...(meta.noindex ? [named('robots', 'noindex')] : []),
    { tag: 'link', rel: 'canonical', href: url },
    property('og:site_name', SITE_NAME),
    property('og:type', meta.type),
    property('og:title', meta.title),
    property('og:description', meta.description),
    property('og:url', url),
    property('og:image', image),
    property('og:image:alt', imageAlt),
    ...(meta.image
      ? []
      : [
          property('og:image:width', String(DEFAULT_SHARE_IMAGE.width)),
          property('og:image:height', String(DEFAULT_SHARE_IMAGE.height)),
        ]),
    ...(meta.article
      ? [
          property('article:author', meta.article.author),
          property('article:published_time', meta.article.publishedTime),
          property('article:modified_time', meta.article.modifiedTime),
          property('article:section', meta.article.section),
          ...meta.article.tags.map((tag) => property('article:tag', tag)),
        ]
      : []),
    named('twitter:card', 'summary_large_image'),
    named('twitter:title', meta.title),
    named('twitter:description', meta.description),
    named('twitter:image', image),
    named('twitter:image:alt', imageAlt),
  ];
}
