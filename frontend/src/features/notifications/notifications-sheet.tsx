import type { AppNotification } from '@daybreak/contracts';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { DialogDescription, DialogTitle, SheetContent } from '@/components/ui/dialog';
import { ScrollArea } from '@/components/ui/scroll-area';
import { formatRelativeShort } from '@/lib/time';
import { useNow } from '@/lib/use-now';
import {
  MarkAllReadButton,
  NotificationList,
  NotificationSkeletonRows,
  NotificationsLoadError,
} from './notification-list-states';
import {
  notificationsListQueryOptions,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
} from './queries';
import { useUnreadCount } from './use-unread-count';
import { opensPosting } from './notification-target';

/** Spec §9: five skeleton rows while loading. */

/** The side sheet the header bell opens (spec §2). Rendered only while open. */
export function NotificationsSheetContent({ onClose }: { onClose: () => void }) {
  const list = useQuery(notificationsListQueryOptions(true));
  const unread = useUnreadCount();
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead({
    successTitle: 'SUCCESS',
    failure: 'Failed to mark all notifications as read.',
  });
  const navigate = useNavigate();
  const now = useNow();
  const { refetch } = list;

  // Spec §4: the list also refetches when the unread count moves while open (opening already fetched).
  const seenUnread = useRef(unread);
  useEffect(() => {
    if (unread > 0 && unread !== seenUnread.current) void refetch();
    seenUnread.current = unread;
  }, [unread, refetch]);

  const notifications = list.data ?? [];
  const anyUnread = notifications.some((notification) => !notification.isRead);

  function select(notification: AppNotification) {
    if (!notification.isRead) markRead.mutate(notification.id);
    if (notification.postId) {
      onClose();
      void navigate({ to: '/post/$id', params: { id: notification.postId } });
    } else if (notification.type === 'follow' && notification.fromUserId) {
      onClose();
      void navigate({ to: '/profile/$userId', params: { userId: notification.fromUserId } });
    } else if (opensPosting(notification)) {
      onClose();
      void navigate({ to: '/create-post' });
    }
  }

  return (
    <SheetContent aria-describedby={undefined} data-testid="notifications-sheet">
      <div className="flex items-center gap-3 border-b border-line py-4 pr-12 pl-5">
        <DialogTitle className="flex-1">NOTIFICATIONS</DialogTitle>
        {anyUnread && (
          <MarkAllReadButton pending={markAllRead.isPending} onClick={() => markAllRead.mutate()} />
        )}
      </div>

      <ScrollArea className="min-h-0 flex-1">
        {list.isPending && <NotificationSkeletonRows />}

        {list.isLoadingError && <NotificationsLoadError onRetry={() => void refetch()} />}

        {list.data?.length === 0 && (
          <div
            className="flex flex-col items-center gap-1 p-10 text-center"
            data-testid="notifications-empty"
          >
            <p className="font-black tracking-tight">NO NOTIFICATIONS</p>
            <DialogDescription>You're all caught up!</DialogDescription>
          </div>
        )}

        {notifications.length > 0 && (
          <NotificationList
            notifications={notifications}
            formatTime={(createdAt) => formatRelativeShort(createdAt, now)}
            onSelect={select}
          />
        )}
      </ScrollArea>
    </SheetContent>
  );
}
