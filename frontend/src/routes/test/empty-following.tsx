import { createFileRoute } from '@tanstack/react-router';
import { EmptyFollowingTestPage } from '@/features/test-pages/empty-following-test-page';

export const Route = createFileRoute('/test/empty-following')({
  component: EmptyFollowingTestPage,
});
