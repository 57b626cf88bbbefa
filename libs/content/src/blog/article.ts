/** A static blog article (spec §3 "Blog article"). The SPA renders it; the gateway's link previews read its metadata. */
export interface ArticleStat {
  label: string;
  value: string;
  description: string;
}

/**
 * What the blog list, the page metadata and link previews need. Kept apart from the body, so the
 * SPA's first route (whose route heads read it) does not carry the article texts.
 */
export interface BlogArticleSummary {
  id: string;
  title: string;
  /** One or two sentences: the card's excerpt and the page's meta description. */
  excerpt: string;
  /** Minutes, shown as "N min read". */
  readTime: number;
  /** ISO date (YYYY-MM-DD) of first publication. */
  date: string;
  /** ISO date (YYYY-MM-DD) of the last edit (article:modified_time). */
  modified: string;
  category: string;
  author: string;
  tags: readonly string[];
  stats: readonly [ArticleStat, ArticleStat, ArticleStat];
}

export interface BlogArticle extends BlogArticleSummary {
  keyTakeaways: readonly string[];
  references: readonly string[];
  /**
   * The body in simple markers: `## ` starts a heading, `**…**` on its own line is a bold line,
   * `- ` starts a bullet, a blank line separates paragraphs.
   */
  content: string;
}
