import { pages } from '@daybreak/content';
import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/coming-soon';
import { routeHead } from '@/lib/page-head';

export const Route = createFileRoute('/blog/')({
  head: () => routeHead(pages.blog),
  component: () => <ComingSoon screen="Blog" />,
});
