import type { AppNotification } from '@daybreak/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { ArrowLeft, Bell } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { SignInPrompt } from '@/features/auth/sign-in-prompt';
import { useAuth } from '@/features/auth/use-auth';
import { formatRelativeCoarse } from '@/lib/time';
import { useNow } from '@/lib/use-now';
import {
  MarkAllReadButton,
  NotificationList,
  NotificationSkeletonRows,
  NotificationsLoadError,
} from './notification-list-states';
import { notificationTarget } from './notification-target';
import {
  notificationsListQueryOptions,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
} from './queries';

export function NotificationsPage() {
  const { isAuthenticated } = useAuth();
  if (!isAuthenticated) {
    return (
      <SignInPrompt
        title="NOTIFICATIONS"
        description="Sign in to see who liked, commented on and followed your mornings."
        returnTo="/notifications"
        icon={<Bell className="size-10 text-accent" aria-hidden="true" />}
      />
    );
  }
  return <NotificationsList />;
}

function NotificationsList() {
  const list = useQuery(notificationsListQueryOptions(true));
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead({ failure: 'Failed to mark notifications as read.' });
  const navigate = useNavigate();
  const now = useNow();
  const notifications = list.data ?? [];
  const unread = notifications.filter((notification) => !notification.isRead).length;

  function select(notification: AppNotification) {
    if (!notification.isRead) markRead.mutate(notification.id);
    void navigate(notificationTarget(notification));
  }

  return (
    <div className="mx-auto w-full max-w-2xl space-y-4 px-4 py-6">
      <Link
        to="/"
        className="inline-flex items-center gap-1 text-sm font-bold text-muted hover:text-ink md:hidden"
        data-testid="back-link"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> Back
      </Link>
      <div className="flex items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-black tracking-tight">NOTIFICATIONS</h1>
          {list.data && (
            <p className="text-sm text-muted" data-testid="unread-count">
              {unread} unread
            </p>
          )}
        </div>
        {unread > 0 && (
          <MarkAllReadButton pending={markAllRead.isPending} onClick={() => markAllRead.mutate()} />
        )}
      </div>

      <Card className="overflow-hidden">
        {list.isPending && <NotificationSkeletonRows />}
        {list.isLoadingError && <NotificationsLoadError onRetry={() => void list.refetch()} />}
        {list.data?.length === 0 && (
          <div
            className="flex flex-col items-center gap-2 px-6 py-14 text-center"
            data-testid="notifications-empty"
          >
            <Bell className="size-10 text-faint" aria-hidden="true" />
            <p className="font-black tracking-tight">NO NOTIFICATIONS</p>
            <p className="text-xs font-bold tracking-wide text-subtle">
              YOU'LL SEE LIKES, COMMENTS, AND FOLLOWS HERE
            </p>
          </div>
        )}
        {notifications.length > 0 && (
          <NotificationList
            notifications={notifications}
            formatTime={(createdAt) => formatRelativeCoarse(createdAt, now)}
            onSelect={select}
          />
        )}
      </Card>
    </div>
  );
}
