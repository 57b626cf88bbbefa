import { blogArticlePage, findBlogArticleSummary, pages } from '@daybreak/content';
import { createFileRoute } from '@tanstack/react-router';
import { BlogArticlePage } from '@/features/blog/blog-article-page';
import { routeHead } from '@/lib/page-head';

export const Route = createFileRoute('/blog/$postId')({
  head: ({ params }) => {
    // The summary, not the article: the head is in the first route's bundle, the body is not.
    const article = findBlogArticleSummary(params.postId);
    return routeHead(article ? blogArticlePage(article) : pages.blogArticleNotFound(params.postId));
  },
  component: BlogArticleRoute,
});

function BlogArticleRoute() {
  const { postId } = Route.useParams();
  return <BlogArticlePage articleId={postId} />;
}
