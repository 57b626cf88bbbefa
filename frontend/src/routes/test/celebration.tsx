import { createFileRoute } from '@tanstack/react-router';
import { CelebrationTestPage } from '@/features/test-pages/celebration-test-page';

export const Route = createFileRoute('/test/celebration')({
  component: CelebrationTestPage,
});
