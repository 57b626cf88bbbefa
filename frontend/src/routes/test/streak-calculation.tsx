import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/coming-soon';

export const Route = createFileRoute('/test/streak-calculation')({
  component: () => <ComingSoon screen="Streak calculation test" />,
});
