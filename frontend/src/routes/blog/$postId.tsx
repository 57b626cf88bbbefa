import { createFileRoute } from '@tanstack/react-router';
import { BlogArticlePage } from '@/features/blog/blog-article-page';

export const Route = createFileRoute('/blog/$postId')({
  component: BlogArticleRoute,
});

function BlogArticleRoute() {
  const { postId } = Route.useParams();
  return <BlogArticlePage articleId={postId} />;
}
