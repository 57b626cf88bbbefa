import { createFileRoute } from '@tanstack/react-router';
import { EmptyFeedTestPage } from '@/features/test-pages/empty-feed-test-page';

export const Route = createFileRoute('/test/empty-feed')({
  component: EmptyFeedTestPage,
});
