import { useQuery } from '@tanstack/react-query';
import { useAuth } from '@/features/auth/use-auth';
import { unreadCountQueryOptions } from './queries';

/** The member's unread count; 0 for guests and whenever the endpoint fails (no badge, no error UI). */
export function useUnreadCount(): number {
  const { isAuthenticated } = useAuth();
  const query = useQuery(unreadCountQueryOptions(isAuthenticated));
  return isAuthenticated && query.isSuccess ? query.data : 0;
}
