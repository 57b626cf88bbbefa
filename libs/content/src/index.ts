export type { ArticleStat, BlogArticle, BlogArticleSummary } from './blog/article';
export { blogArticles, findBlogArticle } from './blog/articles';
export { blogArticleSummaries, findBlogArticleSummary } from './blog/catalog';
export type { HeadTag, PageMeta } from './pages';
export {
  SERVER_HEAD_ATTRIBUTE,
  blogArticlePage,
  headTags,
  pages,
  postPage,
  shareText,
  sitePage,
  sitemapPages,
} from './pages';
