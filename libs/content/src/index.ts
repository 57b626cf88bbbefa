export type { ArticleStat, BlogArticle, BlogArticleSummary } from './blog/article';
export { blogArticles, findBlogArticle } from './blog/articles';
export { blogArticleSummaries, findBlogArticleSummary } from './blog/catalog';
export type { HeadTag, PageMeta } from './pages';
export { HYDRATED_ATTRIBUTE, SERVER_RENDERED_ATTRIBUTE, SERVER_STATE_ID } from './server-render';
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
