/**
 * App shell: skip link, header, main landmark, footer, and the live content socket (lib/live-content.ts). Keeps
 * i18next and <html lang> in step with the route's language prefix (spec 2: every path accepts an optional language
 * prefix), and records each path shown as a page view (spec 7, lib/page-views.ts).
 *
 * The shell is wrapped in the in-page editor's root (lib/editable/editing-root.tsx, spec 4 "Editor"): for staff who
 * may edit pages it loads the editor composed with the page settings panel (./page-editor-parts.tsx: app/ joins the
 * two features, which do not import each other). A shopper loads neither.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { useBrowserLayoutEffect } from '../../lib/server-render';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from '../../lib/translation';
import { ErrorBoundary } from '../../components/error-boundary';
import { Toaster } from '../../components/feedback/toasts';
import { Footer } from '../../components/layout/footer';
import { Header } from '../../components/layout/header';
import { MiniCart } from '../../features/cart/components/mini-cart';
import { GarageButton } from '../../features/garage/components/garage-button';
import { Spinner } from '../../components/spinner';
import { EditingRoot } from '../../lib/editable/editing-root';
import { switchLanguage } from '../../lib/i18n';
import { startLiveContent } from '../../lib/live-content';
import { I18N_CODE, useRouteLanguage } from '../../lib/language';
import { trackPageView } from '../../lib/page-views';
import { useScrollRestoration } from '../../lib/scroll-restoration';


// The in-page editor with its page settings panel (./page-editor-parts.tsx): staff-only chunks, asked for only by
// EditingRoot for a user who may edit pages.
const loadEditor = () => import('./page-editor-parts').then((m) => m.ComposedPageEditor);

export function RootLayout() {
  const { lang } = useRouteLanguage();
  const { t, i18n } = useTranslation('app');
  const { pathname, search } = useLocation();
  useScrollRestoration();
  const queryClient = useQueryClient();

  // Live content: published pages, menu and global fields reach the open page (lib/live-content.ts, started once the
  // page is up; the server render never runs effects). Its module is in the entry: every page loaded it anyway, and a
  // chunk of its own cost a request and ~0.4 KB gzip more (docs/architecture.md section 6, "First load and crash
  // safety").
  useEffect(() => startLiveContent(queryClient), [queryClient]);

  // Spec 7's page views, first-party: one per path shown, when the browser is idle (lib/page-views.ts).
  useEffect(() => trackPageView(pathname, lang), [pathname, lang]);

  useBrowserLayoutEffect(() => {
    document.documentElement.lang = lang;
    if (i18n.language !== I18N_CODE[lang]) void switchLanguage(lang);
  }, [lang, i18n]);

  return (
    <EditingRoot load={loadEditor} extra={null}>
      <div className="app">
        <a className="skip-link" href="#main-content">
          {t('skipToContent')}
        </a>
        <Header cart={<MiniCart />} vehicle={<GarageButton />} />
        <main id="main-content" className="site-main container" tabIndex={-1}>
          {/* Errors inside a page keep the header and footer around the fallback. */}
          <ErrorBoundary resetKey={pathname + search}>
            <Suspense fallback={<Spinner />}>
              <Outlet />
            </Suspense>
          </ErrorBoundary>
        </main>
        {/* The footer is in the entry (every page loads it; a lazy chunk of its own cost a request and ~0.6 KB gzip
            more); its Suspense boundary stays, so the server's HTML keeps the same boundary markers. */}
        <Suspense fallback={null}>
          <Footer />
        </Suspense>
        <Toaster closeLabel={t('toast.close')} />
      </div>
    </EditingRoot>
  );
}
