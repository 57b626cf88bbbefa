import type { CurrentUser } from '@daybreak/contracts';
import { useQuery } from '@tanstack/react-query';
import { currentUserQueryOptions } from './queries';

export interface AuthState {
  user: CurrentUser | null;
  isAuthenticated: boolean;
  /** True only until the first answer; later refetches keep showing the known user. */
  isLoading: boolean;
  /** Set when the check failed for a reason other than being signed out. */
  error: Error | null;
  refetch: () => void;
}

export function useAuth(): AuthState {
  const query = useQuery(currentUserQueryOptions());
  const user = query.data ?? null;
  return {
    user,
    isAuthenticated: user !== null,
    isLoading: query.isPending,
    error: query.error,
    refetch: () => void query.refetch(),
  };
}
