import { pages } from '@daybreak/content';
import { createFileRoute } from '@tanstack/react-router';
import { EmptyFollowingTestPage } from '@/features/test-pages/empty-following-test-page';
import { routeHead } from '@/lib/page-head';

export const Route = createFileRoute('/test/empty-following')({
  head: () => routeHead(pages.testPage('/test/empty-following', 'Empty Following')),
  component: EmptyFollowingTestPage,
});
