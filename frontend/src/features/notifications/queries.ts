import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { handleUnauthorized } from '@/features/auth/session';
import {
  fetchNotifications,
  fetchUnreadCount,
  markAllNotificationsRead,
  markNotificationRead,
} from '@/lib/notifications-api';

/** Spec §9: notifications and the unread count poll every 15 s; lists go stale after 5 s. */
export const NOTIFICATIONS_POLL_MS = 15_000;
export const NOTIFICATIONS_STALE_MS = 5_000;
export const NOTIFICATIONS_GC_MS = 5 * 60_000;

export const notificationKeys = {
  /** Prefix of both the list and the count: invalidating it refetches both. */
  all: ['/api/notifications'] as const,
  list: () => ['/api/notifications'] as const,
  unreadCount: () => ['/api/notifications', 'unread-count'] as const,
};

/**
 * Polled only for signed-in members (spec §7), and only while the unread-count stream is not
 * delivering (`streaming`): the stream writes each change into this query itself.
 */
export function unreadCountQueryOptions(enabled: boolean, streaming = false) {
  return queryOptions({
    queryKey: notificationKeys.unreadCount(),
    queryFn: ({ signal }) => fetchUnreadCount({ signal }),
    select: (data) => data.count,
    enabled,
    refetchInterval: enabled && !streaming ? NOTIFICATIONS_POLL_MS : false,
    staleTime: NOTIFICATIONS_STALE_MS,
    gcTime: NOTIFICATIONS_GC_MS,
  });
}

/**
 * Spec §7: fetched only while the panel (or the notifications screen) is open, polled every 15 s while
 * it is, refetched on opening.
 */
export function notificationsListQueryOptions(open: boolean) {
  return queryOptions({
    queryKey: notificationKeys.list(),
    queryFn: ({ signal }) => fetchNotifications({ signal }),
    enabled: open,
    refetchInterval: open ? NOTIFICATIONS_POLL_MS : false,
    refetchOnMount: 'always',
    staleTime: NOTIFICATIONS_STALE_MS,
    gcTime: NOTIFICATIONS_GC_MS,
  });
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
    onError: (error) => {
      if (handleUnauthorized(error)) return;
      toast({ title: 'Error', description: 'Failed to mark notification as read.', variant: 'destructive' });
    },
  });
}

/**
 * The panel and the screen word the outcome differently (spec §8): the panel's success toast is titled
 * 'SUCCESS' and its failure reads 'Failed to mark all notifications as read.'; the screen's failure
 * reads 'Failed to mark notifications as read.'.
 */
export function useMarkAllNotificationsRead(wording: { successTitle?: string; failure: string }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      toast({
        title: wording.successTitle,
        description: 'All notifications marked as read.',
        variant: 'success',
      });
    },
    onError: (error) => {
      if (handleUnauthorized(error)) return;
      toast({ title: 'Error', description: wording.failure, variant: 'destructive' });
    },
  });
}
