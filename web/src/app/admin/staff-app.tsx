/**
 * The staff side of the app (spec 2 "Admin area"), one lazy chunk loaded by app/router.tsx for /login, /session/login,
 * /password-reset/{token} and /admin/... (with or without a language prefix); a shopper never loads it. It composes
 * the staff features (which do not import each other): the login and forgot-password screens
 * (features/staff-session), the admin shell (features/admin-shell) and
 * the screens of the route table (./admin-routes.ts: features/admin-users, features/admin-warehouses, features/admin-stock-notifications, ...), each screen
 * its own chunk.
 *
 * The admin area (spec 2 "/admin/{model}/{action?}/{id?}"): nobody signed in -> /login?next=<this path>; a staff
 * call answered 401 -> /session/login?error=session_expired&next=<this path> (lib/staff/session-expiry.ts); an
 * unknown model -> the not-found page inside the shell; a screen without the user's permission -> spec 6's 'You
 * don't have permission to access this resource, please contact your admin.'; /admin itself -> the first section the
 * user may open.
 */
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useLayoutEffect } from 'react';
import { useTranslation } from '../../lib/translation';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { ErrorBoundary } from '../../components/error-boundary';
import { Toaster } from '../../components/feedback/toasts';
import { NotFound } from '../../components/not-found';
import { PageMeta } from '../../components/page-meta';
import { Spinner } from '../../components/spinner';
import { AdminLayout } from '../../features/admin-shell/components/admin-layout';
import { ADMIN_MENU, visibleMenu } from '../../features/admin-shell/utils/menu';
import { LoginRoute } from '../../features/staff-session/routes/login-route';
import { PasswordResetRoute } from '../../features/staff-session/routes/password-reset-route';
import { switchLanguage } from '../../lib/i18n';
import { I18N_CODE, useRouteLanguage } from '../../lib/language';
import { provideFilePicker } from '../../lib/staff/file-picker-slot';
import { hasPermission, useStaffSession, type SessionUser } from '../../lib/staff/session';
import { loginPath, onSessionExpired, sessionLoginPath } from '../../lib/staff/session-expiry';
import { AVAILABLE_MODELS, resolveAdminPath, type AdminRoute } from './admin-routes';

const UserListScreen = lazy(() => import('../../features/admin-users/routes/user-list').then((m) => ({ default: m.UserListScreen })));
const UserEditScreen = lazy(() => import('../../features/admin-users/routes/user-edit').then((m) => ({ default: m.UserEditScreen })));
const OwnPasswordScreen = lazy(() => import('../../features/admin-users/routes/own-password').then((m) => ({ default: m.OwnPasswordScreen })));
const WarehouseListScreen = lazy(() => import('../../features/admin-warehouses/routes/warehouse-list').then((m) => ({ default: m.WarehouseListScreen })));
const WarehouseEditScreen = lazy(() => import('../../features/admin-warehouses/routes/warehouse-edit').then((m) => ({ default: m.WarehouseEditScreen })));
const StockNotificationsListScreen = lazy(() =>
  import('../../features/admin-stock-notifications/routes/stock-notifications-list').then((m) => ({ default: m.StockNotificationsListScreen })),
);
const ProductEditScreen = lazy(() => import('../../features/admin-products/routes/product-edit').then((m) => ({ default: m.ProductEditScreen })));
const ProductListScreen = lazy(() => import('../../features/admin-products/routes/product-list').then((m) => ({ default: m.ProductListScreen })));
const CategoryTreeScreen = lazy(() => import('../../features/admin-categories/routes/category-tree').then((m) => ({ default: m.CategoryTreeScreen })));
const FilterListScreen = lazy(() => import('../../features/admin-filters/routes/filter-list').then((m) => ({ default: m.FilterListScreen })));
const ProblematicProductsListScreen = lazy(() =>
  import('../../features/admin-problematic-products/routes/problematic-products-list').then((m) => ({ default: m.ProblematicProductsListScreen })),
);
const FitmentBulkScreen = lazy(() => import('../../features/admin-fitment/routes/fitment-bulk').then((m) => ({ default: m.FitmentBulkScreen })));
const SearchConversionListScreen = lazy(() =>
  import('../../features/admin-analytics/routes/search-conversion-list').then((m) => ({ default: m.SearchConversionListScreen })),
);
const OrderFunnelListScreen = lazy(() => import('../../features/admin-analytics/routes/order-funnel-list').then((m) => ({ default: m.OrderFunnelListScreen })));
const SellThroughListScreen = lazy(() => import('../../features/admin-analytics/routes/sell-through-list').then((m) => ({ default: m.SellThroughListScreen })));
const ReorderSuggestionsListScreen = lazy(() =>
  import('../../features/admin-analytics/routes/reorder-suggestions-list').then((m) => ({ default: m.ReorderSuggestionsListScreen })),
);
const OrderListScreen = lazy(() => import('../../features/admin-orders/routes/order-list').then((m) => ({ default: m.OrderListScreen })));
const ClientListScreen = lazy(() => import('../../features/admin-clients/routes/client-list').then((m) => ({ default: m.ClientListScreen })));
const ClientEditScreen = lazy(() => import('../../features/admin-clients/routes/client-edit').then((m) => ({ default: m.ClientEditScreen })));
const OrderEditScreen = lazy(() => import('../../features/admin-orders/routes/order-edit').then((m) => ({ default: m.OrderEditScreen })));
const PageListScreen = lazy(() => import('../../features/admin-pages/routes/page-list').then((m) => ({ default: m.PageListScreen })));
const MenuEditScreen = lazy(() => import('../../features/admin-pages/routes/menu-edit').then((m) => ({ default: m.MenuEditScreen })));
const PageEditScreen = lazy(() =>
  Promise.all([import('../../features/page-settings/page-edit'), import('../../features/page-editor/rich-text-editor')]).then(([screen, editor]) => ({
    default: (props: { id: string | undefined; me: SessionUser }) => <screen.PageEditScreen {...props} RichText={editor.RichTextEditor} />,
  })),
);
// The album editor gets the product form's upload helper (features do not import each other).
const AlbumListScreen = lazy(() => import('../../features/admin-gallery/routes/album-list').then((m) => ({ default: m.AlbumListScreen })));
const AlbumEditScreen = lazy(() =>
  Promise.all([import('../../features/admin-gallery/routes/album-edit'), import('../../features/admin-products/api/upload-image')]).then(([screen, upload]) => ({
    default: (props: { id: string | undefined }) => (
      <screen.AlbumEditScreen
        {...props}
        uploadImage={async (file, options) => {
          const model = await upload.uploadProductImage(file, options);
          return { id: model.id, name: model.name, thumbnail: model.thumbnail };
        }}
      />
    ),
  })),
);
const PageAsOfScreen = lazy(() => import('../../features/page-settings/page-as-of').then((m) => ({ default: m.PageAsOfScreen })));
const FinderScreen = lazy(() => import('../../features/finder/routes/finder-screen').then((m) => ({ default: m.FinderScreen })));
// The file picker for ProductEdit's images, the rich-text editor and the album editor (lib/staff/file-picker-slot.ts).
provideFilePicker(lazy(() => import('../../features/finder/file-picker').then((m) => ({ default: m.FilePickerDialog }))));
const StatisticsListScreen = lazy(() => import('../../features/admin-statistics/routes/statistics-list').then((m) => ({ default: m.StatisticsListScreen })));

/** Keeps i18next and <html lang> in step with the route's language prefix, as the storefront's layout does. */
function useRouteLanguageSync() {
  const { lang } = useRouteLanguage();
  const { i18n } = useTranslation();
  useLayoutEffect(() => {
    document.documentElement.lang = lang;
    if (i18n.language !== I18N_CODE[lang]) void switchLanguage(lang);
  }, [lang, i18n]);
}

export function StaffApp({ area }: { area: 'login' | 'password-reset' | 'admin' }) {
  useRouteLanguageSync();
  const { t } = useTranslation('app');
  const { pathname, search } = useLocation();
  return (
    <>
      <ErrorBoundary resetKey={pathname + search}>
        <Suspense fallback={<Spinner />}>{area === 'login' ? <LoginRoute /> : area === 'password-reset' ? <PasswordResetRoute /> : <AdminArea />}</Suspense>
      </ErrorBoundary>
      <Toaster closeLabel={t('toast.close')} />
    </>
  );
}

function AdminArea() {
  const session = useStaffSession();
  const { pathname, search } = useLocation();
  const { prefix } = useRouteLanguage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const rest = useParams()['*'] ?? '';

  // A staff call answered 401: the session ended. Go to /session/login, then back here. The login screen forgets
  // the cached session (forgetting it here would render this guard's /login redirect first: react-router applies
  // the navigation in a transition, after the cache's synchronous update).
  useEffect(
    () =>
      onSessionExpired(() => {
        const here = window.location.pathname + window.location.search;
        navigate(sessionLoginPath(here, prefix), { replace: true });
        queryClient.removeQueries({ queryKey: ['admin'] });
      }),
    [navigate, prefix, queryClient],
  );

  if (session.isPending) return <Spinner />;
  if (!session.data) return <Navigate to={loginPath(pathname + search, prefix)} replace />;
  const user = session.data;
  const route = resolveAdminPath(rest);
  return (
    <AdminLayout user={user} availableModels={AVAILABLE_MODELS}>
      <ErrorBoundary resetKey={pathname + search}>
        <Suspense fallback={<Spinner />}>
          <AdminScreen route={route} user={user} />
        </Suspense>
      </ErrorBoundary>
    </AdminLayout>
  );
}

function AdminScreen({ route, user }: { route: AdminRoute; user: SessionUser }) {
  const { t } = useTranslation('cms');
  const { to } = useRouteLanguage();
  if (route.kind === 'not-found') return <NotFound />;
  if (route.kind === 'home') {
    const first = visibleMenu(ADMIN_MENU, user.permissions, AVAILABLE_MODELS).find((e) => e.model !== null && !e.fullPageLoad);
    if (first) return <Navigate to={to(first.path)} replace />;
    return (
      <section className="staff-screen" aria-labelledby="screen-title">
        <PageMeta title={t('admin.title')} description={t('admin.title')} noindex />
        <h1 id="screen-title">{t('admin.title')}</h1>
        <p className="muted">{t('admin.home.nothingYet')}</p>
      </section>
    );
  }
  if (!hasPermission(user, route.permission)) {
    return (
      <section className="status-page" aria-labelledby="screen-title">
        <PageMeta title={t('admin.forbidden.title')} description={t('admin.forbidden.message')} noindex />
        <h1 id="screen-title">{t('admin.forbidden.title')}</h1>
        <p>{t('admin.forbidden.message')}</p>
      </section>
    );
  }
  switch (route.screen) {
    case 'UserList':
      return <UserListScreen />;
    case 'UserEdit':
      return <UserEditScreen id={route.id} me={user} />;
    case 'UserPassword':
      return <OwnPasswordScreen username={user.username} />;
    case 'WarehouseList':
      return <WarehouseListScreen />;
    case 'WarehouseEdit':
      return <WarehouseEditScreen id={route.id} />;
    case 'StatisticsList':
      return <StatisticsListScreen />;
    case 'StockNotificationsList':
      return <StockNotificationsListScreen />;
    case 'ProductEdit':
      return <ProductEditScreen id={route.id} me={user} />;
    case 'ProductList':
      return <ProductListScreen />;
    case 'CategoryTree':
      return <CategoryTreeScreen />;
    case 'FilterList':
      return <FilterListScreen />;
    case 'ProblematicProductsList':
      return <ProblematicProductsListScreen />;
    case 'FitmentBulk':
      return <FitmentBulkScreen me={user} />;
    case 'SearchConversionList':
      return <SearchConversionListScreen />;
    case 'OrderFunnelList':
      return <OrderFunnelListScreen />;
    case 'SellThroughList':
      return <SellThroughListScreen />;
    case 'ReorderSuggestionsList':
      return <ReorderSuggestionsListScreen />;
    case 'OrderList':
      return <OrderListScreen />;
    case 'OrderEdit':
      return route.id === undefined ? <NotFound /> : <OrderEditScreen id={route.id} me={user} clientScreens={AVAILABLE_MODELS.has('client')} />;
    case 'ClientList':
      return <ClientListScreen />;
    case 'ClientEdit':
      return route.id === undefined ? <NotFound /> : <ClientEditScreen id={route.id} me={user} />;
    case 'PageList':
      return <PageListScreen />;
    case 'MenuEdit':
      return <MenuEditScreen />;
    case 'PageEdit':
      return <PageEditScreen id={route.id} me={user} />;
    case 'PageAsOf':
      return <PageAsOfScreen id={route.id} />;
    case 'FileManager':
      return <FinderScreen me={user} />;
    case 'AlbumList':
      return <AlbumListScreen />;
    case 'AlbumEdit':
      return <AlbumEditScreen id={route.id} />;
  }
}
