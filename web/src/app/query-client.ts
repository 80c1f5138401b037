/**
 * TanStack Query defaults (spec 9 "Data-fetch defaults"): dedupe within 2 s (and fresh for a minute), retry after
 * 5 s on server or network errors (10 s on a slow connection, lib/slow-connection.ts; never on 4xx), and a shop
 * page's stale data refetched when the tab is shown again, at most once per 5 s and never on a staff screen
 * (`watchFocus`).
 */
import { focusManager, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';
import { isStaffPath } from '../lib/page-views';
import { retryDelayMs, throttledFocusListener } from '../lib/slow-connection';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        gcTime: 10 * 60_000,
        refetchOnWindowFocus: () => !isStaffPath(window.location.pathname),
        retry: (failureCount, error) => {
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
          return failureCount < 2;
        },
        retryDelay: () => retryDelayMs(),
      },
    },
  });
}

/** The browser's focus events, throttled to one per 5 s and none on a staff screen (spec 9; main.tsx calls it once). */
export function watchFocus(): void {
  focusManager.setEventListener((onFocus) => throttledFocusListener(onFocus, () => isStaffPath(window.location.pathname)));
}
