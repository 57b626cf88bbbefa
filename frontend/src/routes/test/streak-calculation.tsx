import { pages } from '@daybreak/content';
import { createFileRoute } from '@tanstack/react-router';
import { StreakCalculationTestPage } from '@/features/test-pages/streak-calculation-test-page';
import { routeHead } from '@/lib/page-head';

export const Route = createFileRoute('/test/streak-calculation')({
  head: () => routeHead(pages.testPage('/test/streak-calculation', 'Streak Calculation')),
  component: StreakCalculationTestPage,
});
