import { pages } from '@daybreak/content';
import { createFileRoute } from '@tanstack/react-router';
import { FullScreenSpinner } from '@/components/layout/full-screen-spinner';
import { NotFound } from '@/components/layout/not-found';
import { useAuth } from '@/features/auth/use-auth';
import { ModerationPage } from '@/features/moderation/moderation-page';
import { routeHead } from '@/lib/page-head';

/** Moderators only: everyone else gets the 404 screen, as the API answers them 404 (issue 42). */
function ModerationRoute() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <FullScreenSpinner />;
  return user?.isModerator ? <ModerationPage /> : <NotFound />;
}

export const Route = createFileRoute('/moderation')({
  head: () => routeHead(pages.moderation),
  component: ModerationRoute,
});
