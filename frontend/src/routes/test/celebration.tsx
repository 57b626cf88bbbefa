import { pages } from '@daybreak/content';
import { createFileRoute } from '@tanstack/react-router';
import { CelebrationTestPage } from '@/features/test-pages/celebration-test-page';
import { routeHead } from '@/lib/page-head';

export const Route = createFileRoute('/test/celebration')({
  head: () => routeHead(pages.testPage('/test/celebration', 'Celebration')),
  component: CelebrationTestPage,
});
