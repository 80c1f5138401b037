/** The storefront root: query cache, router, and an error boundary around everything (spec 2 "Error fallback"). */
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { BrowserRouter, useLocation } from 'react-router';
import { ErrorBoundary } from '../components/error-boundary';
import { createQueryClient } from './query-client';
import { AppRoutes } from './router';

/** The outermost boundary: a crash of the shell (header, footer) too; leaving the URL (Go back) clears it. */
function ShellErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  return <ErrorBoundary resetKey={pathname + search}>{children}</ErrorBoundary>;
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <ShellErrorBoundary>
          <AppRoutes />
        </ShellErrorBoundary>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
