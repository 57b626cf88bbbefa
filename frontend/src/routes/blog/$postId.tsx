import { blogArticlePage, findBlogArticle, pages } from '@daybreak/content';
import { createFileRoute } from '@tanstack/react-router';
import { BlogArticlePage } from '@/features/blog/blog-article-page';
import { routeHead } from '@/lib/page-head';

export const Route = createFileRoute('/blog/$postId')({
  head: ({ params }) => {
    const article = findBlogArticle(params.postId);
    return routeHead(article ? blogArticlePage(article) : pages.blogArticleNotFound(params.postId));
  },
  component: BlogArticleRoute,
});

function BlogArticleRoute() {
  const { postId } = Route.useParams();
  return <BlogArticlePage articleId={postId} />;
}
