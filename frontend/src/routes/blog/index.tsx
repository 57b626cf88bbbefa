import { pages } from '@daybreak/content';
import { createFileRoute } from '@tanstack/react-router';
import { BlogListPage } from '@/features/blog/blog-list-page';
import { routeHead } from '@/lib/page-head';

export const Route = createFileRoute('/blog/')({
  head: () => routeHead(pages.blog),
  component: BlogListPage,
});
