import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { ArrowLeft, Bell } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { SignInPrompt } from '@/features/auth/sign-in-prompt';
import { useAuth } from '@/features/auth/use-auth';
import { formatRelativeCoarse } from '@/lib/time';
import { useNow } from '@/lib/use-now';
import { NotificationRow } from './notification-row';
import { notificationTarget } from './notification-target';
import {
  notificationsListQueryOptions,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
} from './queries';
import type { AppNotification } from './types';

const SKELETON_ROWS = 5;

export function NotificationsPage() {
  const { isAuthenticated } = useAuth();
  if (!isAuthenticated) {
    return (
      <SignInPrompt
        title="NOTIFICATIONS"
        description="Sign in to see who liked, commented on and followed your mornings."
        returnTo="/notifications"
        icon={<Bell className="size-10 text-orange-500" aria-hidden="true" />}
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
        className="inline-flex items-center gap-1 text-sm font-bold text-stone-600 hover:text-stone-950 md:hidden"
        data-testid="back-link"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> Back
      </Link>
      <div className="flex items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-black tracking-tight">NOTIFICATIONS</h1>
          {list.isSuccess && (
            <p className="text-sm text-stone-600" data-testid="unread-count">
              {unread} unread
            </p>
          )}
        </div>
        {unread > 0 && (
          <Button
            size="sm"
            variant="outline"
            onClick={() => markAllRead.mutate()}
            disabled={markAllRead.isPending}
            data-testid="mark-all-read"
          >
            {markAllRead.isPending ? 'MARKING...' : 'MARK ALL READ'}
          </Button>
        )}
      </div>

      <Card className="overflow-hidden">
        {list.isPending && (
          <ul aria-busy="true" aria-label="Loading notifications">
            {Array.from({ length: SKELETON_ROWS }, (_, index) => (
              <li key={index} className="flex items-center gap-3 px-5 py-3">
                <Skeleton className="size-10 rounded-full" />
                <div className="flex-1 space-y-2">
                  <Skeleton className="h-3 w-4/5" />
                  <Skeleton className="h-3 w-1/4" />
                </div>
              </li>
            ))}
          </ul>
        )}
        {list.isError && (
          <div className="flex flex-col items-center gap-3 p-8 text-center" role="alert">
            <p className="text-sm text-stone-600">Couldn't load your notifications.</p>
            <Button size="sm" variant="outline" onClick={() => void list.refetch()}>
              Try Again
            </Button>
          </div>
        )}
        {list.isSuccess && notifications.length === 0 && (
          <div
            className="flex flex-col items-center gap-2 px-6 py-14 text-center"
            data-testid="notifications-empty"
          >
            <Bell className="size-10 text-stone-300" aria-hidden="true" />
            <p className="font-black tracking-tight">NO NOTIFICATIONS</p>
            <p className="text-xs font-bold tracking-wide text-stone-500">
              YOU'LL SEE LIKES, COMMENTS, AND FOLLOWS HERE
            </p>
          </div>
        )}
        {notifications.length > 0 && (
          <ul className="divide-y divide-stone-100">
            {notifications.map((notification) => (
              <NotificationRow
                key={notification.id}
                notification={notification}
                time={formatRelativeCoarse(notification.createdAt, now)}
                onSelect={select}
              />
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
