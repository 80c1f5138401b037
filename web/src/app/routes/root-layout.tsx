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
import { Header } from '../../components/layout/header';
import { MiniCart } from '../../features/cart/components/mini-cart';
import { GarageButton } from '../../features/garage/components/garage-button';
import { Spinner } from '../../components/spinner';
import { EditingRoot } from '../../lib/editable/editing-root';
import { lazyChunk } from '../../lib/lazy-chunk';
import { switchLanguage } from '../../lib/i18n';
import { I18N_CODE, useRouteLanguage } from '../../lib/language';
import { trackPageView } from '../../lib/page-views';
import { useScrollRestoration } from '../../lib/scroll-restoration';

// Below the fold on every page (main holds at least a screen height): its own chunk, out of the first load.
const Footer = lazyChunk(() => import('../../components/layout/footer').then((m) => ({ default: m.Footer })));

// The in-page editor with its page settings panel (./page-editor-parts.tsx): staff-only chunks, asked for only by
// EditingRoot for a user who may edit pages.
const loadEditor = () => import('./page-editor-parts').then((m) => m.ComposedPageEditor);

export function RootLayout() {
  const { lang } = useRouteLanguage();
  const { t, i18n } = useTranslation('app');
  const { pathname, search } = useLocation();
  useScrollRestoration();
  const queryClient = useQueryClient();

  // Live content: published pages, menu and global fields reach the open page (lib/live-content.ts, its own chunk,
  // loaded once the page is up; the server render never runs effects).
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('../../lib/live-content').then((m) => {
      if (!cancelled) stop = m.startLiveContent(queryClient);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [queryClient]);

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
        <Suspense fallback={null}>
          <Footer />
        </Suspense>
        <Toaster closeLabel={t('toast.close')} />
      </div>
    </EditingRoot>
  );
}
