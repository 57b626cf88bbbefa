export type { ArticleStat, BlogArticle } from './blog/article';
export { blogArticles, findBlogArticle } from './blog/articles';
