import { pages } from '@daybreak/content';
import { createFileRoute } from '@tanstack/react-router';
import { EmptyFeedTestPage } from '@/features/test-pages/empty-feed-test-page';
import { routeHead } from '@/lib/page-head';

export const Route = createFileRoute('/test/empty-feed')({
  head: () => routeHead(pages.testPage('/test/empty-feed', 'Empty Feed')),
  component: EmptyFeedTestPage,
});
