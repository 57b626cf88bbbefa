import { blogArticlePage, findBlogArticle, pages } from '@daybreak/content';
import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/coming-soon';
import { routeHead } from '@/lib/page-head';

export const Route = createFileRoute('/blog/$postId')({
  head: ({ params }) => {
    const article = findBlogArticle(params.postId);
    return routeHead(article ? blogArticlePage(article) : pages.blogArticleNotFound(params.postId));
  },
  component: () => <ComingSoon screen="Blog article" />,
});
