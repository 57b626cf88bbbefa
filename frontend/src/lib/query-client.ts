import { QueryClient } from '@tanstack/react-query';

/**
 * Spec §9 defaults: data never goes stale on its own and is never refetched on focus or retried;
 * screens that need freshness (auth, notifications) say so in their own query options. There is no
 * default `queryFn`: every query names its typed call in a `lib/*-api.ts` module.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
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
