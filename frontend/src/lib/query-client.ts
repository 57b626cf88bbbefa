import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api-client';

/**
 * Spec §9 defaults: data never goes stale on its own and is never refetched on focus or retried;
 * screens that need freshness (auth, notifications) say so in their own query options.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        retry: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
}
