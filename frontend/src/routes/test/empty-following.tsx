import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/coming-soon';

export const Route = createFileRoute('/test/empty-following')({
  component: () => <ComingSoon screen="Empty following test" />,
});
