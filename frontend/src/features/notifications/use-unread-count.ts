import { useQuery } from '@tanstack/react-query';
import { useAuth } from '@/features/auth/use-auth';
import { unreadCountQueryOptions } from './queries';
import { useUnreadStreamOpen } from './unread-stream';

/**
 * The member's unread count; 0 for guests and whenever the endpoint fails (no badge, no error UI).
 * Polled every 15 s only while the unread-count stream is not delivering.
 */
export function useUnreadCount(): number {
  const { isAuthenticated } = useAuth();
  const streaming = useUnreadStreamOpen();
  const query = useQuery(unreadCountQueryOptions(isAuthenticated, streaming));
  return isAuthenticated && query.isSuccess ? query.data : 0;
}
