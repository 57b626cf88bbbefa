import { pages } from '@daybreak/content';
import { createFileRoute } from '@tanstack/react-router';
import { NotificationsPage } from '@/features/notifications/notifications-page';
import { routeHead } from '@/lib/page-head';

export const Route = createFileRoute('/notifications')({
  head: () => routeHead(pages.notifications),
  component: NotificationsPage,
});
