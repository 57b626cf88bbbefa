import { createFileRoute } from '@tanstack/react-router';
import { StreakCalculationTestPage } from '@/features/test-pages/streak-calculation-test-page';

export const Route = createFileRoute('/test/streak-calculation')({
  component: StreakCalculationTestPage,
});
