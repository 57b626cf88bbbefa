export type { ArticleStat, BlogArticle, BlogArticleSummary } from './blog/article';
export { blogArticles, findBlogArticle } from './blog/articles';
export { blogArticleSummaries, findBlogArticleSummary } from './blog/catalog';
export type { ArticleDetails, HeadTag, PageMeta, PostPreview } from './pages';
export {
  DEFAULT_SHARE_IMAGE,
  SERVER_HEAD_ATTRIBUTE,
  SITE_NAME,
  blogArticlePage,
  headTags,
  pages,
  postPage,
  shareText,
  sitePage,
  sitemapPages,
} from './pages';
