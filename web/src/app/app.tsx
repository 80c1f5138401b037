/**
 * The storefront root: query cache, router, and an error boundary around everything (spec 2 "Error fallback").
 * `AppContent` is what the browser (App, with BrowserRouter) and the server render (entry-server.tsx, with
 * StaticRouter) both put inside their router, so the server's HTML and the hydration have the same tree.
 */
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { BrowserRouter, useLocation } from 'react-router';
import { ErrorBoundary } from '../components/error-boundary';
import { TranslationRoot } from '../lib/translation';
import { AppRoutes } from './router';

/** The outermost boundary: a crash of the shell (header, footer) too; leaving the URL (Go back) clears it. */
function ShellErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  return <ErrorBoundary resetKey={pathname + search}>{children}</ErrorBoundary>;
}

/**
 * The routes inside the shell's error boundary, under the texts' language (lib/translation.tsx); needs a router and a
 * QueryClientProvider around it.
 */
export function AppContent() {
  return (
    <TranslationRoot>
      <ShellErrorBoundary>
        <AppRoutes />
      </ShellErrorBoundary>
    </TranslationRoot>
  );
}

/** The browser's app; `queryClient` holds the server render's queries when the page was rendered on the server. */
export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppContent />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
