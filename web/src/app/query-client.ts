/**
 * TanStack Query defaults (spec 9 "Data-fetch defaults"): dedupe within 2 s, retry after 5 s on server or network
 * errors (never on 4xx), no refetch on every focus.
 */
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        gcTime: 10 * 60_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => {
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
          return failureCount < 2;
        },
        retryDelay: 5000,
      },
    },
  });
}
