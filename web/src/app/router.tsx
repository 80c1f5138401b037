/**
 * Routes (spec 2 "Screens and routes"), declared with react-router's component API (the data router's loaders are
 * not needed, and the declarative router keeps the storefront bundle small: a 120 KB budget).
 *
 * /, /products and /tooted: product listing; /et and /en: the language home page (a content page); /products/view/:id: product page; /searchresults: search results;
 * /clear-storage: wipes local storage and returns to /; /{lang}/a/b/c: a category URL (spec 9); /{pageName} and
 * /page/{pageId}/{slug}: a content page; /gallery and /gallery/{galleryId}: the gallery and an album; /vehicles/{make} and
 * /vehicles/{make}/{model}/{generation?}: the vehicle landing pages (their own chunk); /login, /session/login, /password-reset/{token} and /admin/{model}/{action?}/{id?}: the staff side
 * (app/admin/staff-app.tsx, its own chunks, outside the shop's layout); anything else: the not-found page. Every path also takes a language prefix
 * (/et, /en). The product page, search results, content pages, cart, checkout and payment are their own chunks.
 */
import { Suspense, useLayoutEffect } from 'react';
import { Route, Routes } from 'react-router';
import { trackLoading } from '../components/layout/loading-bar';
import { discardWrites } from '../lib/deferred-write';
import { provideAlbumPictures, provideAlbumTiles } from '../lib/gallery-embed';
import { loadAdminTexts, loadCheckoutTexts, loadVehicleTexts } from '../lib/i18n';
import { lazyChunk } from '../lib/lazy-chunk';
import { useRouteLanguage } from '../lib/language';
import { Spinner } from '../components/spinner';
import { NotFoundRoute } from './routes/not-found-route';
import { RootLayout } from './routes/root-layout';

// Each lazy page's download runs the header's loading bar (trackLoading); lazyChunk tells a server render which chunks
// it used, so the page's HTML links their styles (lib/lazy-chunk.ts).
// The listing (and a category URL, which is a listing or a content page) in its own chunk: a server-rendered listing
// links and preloads it with the first HTML (route styles, docs/architecture.md section 6), and the other pages'
// first load (the product page, content pages) no longer carries the listing, its filter panel and toolbar.
const ProductListingRoute = lazyChunk(() => trackLoading(import('../features/catalog/routes/product-listing')).then((m) => ({ default: m.ProductListingRoute })));
const CategoryUrlRoute = lazyChunk(() => trackLoading(import('../features/catalog/routes/category-url')).then((m) => ({ default: m.CategoryUrlRoute })));
// The product page with the cart's add-to-cart control (composed here: features do not import each other).
const ProductViewRoute = lazyChunk(() =>
  trackLoading(Promise.all([import('../features/catalog/routes/product-view'), import('../features/cart/components/add-to-cart')])).then(
    ([view, cartUi]) => ({
      default: function ProductViewWithCart() {
        return <view.ProductViewRoute addToCart={(product) => <cartUi.AddToCart product={product} />} />;
      },
    }),
  ),
);
const ContentPageRoute = lazyChunk(() => trackLoading(import('../features/pages/routes/content-page')).then((m) => ({ default: m.ContentPageRoute })));
const HomePageRoute = lazyChunk(() => trackLoading(import('../features/pages/routes/content-page')).then((m) => ({ default: m.HomePageRoute })));
// The gallery (spec 2 "Gallery"): index and album, each its own chunk; the album's lightbox is a further one.
// Content pages of layout `gallery` and `gallery-detail` show the album tiles and one album (spec 1): composed here, the pages feature cannot import them.
provideAlbumTiles(lazyChunk(() => import('../features/gallery/components/album-tiles')));
provideAlbumPictures(lazyChunk(() => import('../features/gallery/components/album-pictures')));
const GalleryIndexRoute = lazyChunk(() => trackLoading(import('../features/gallery/routes/gallery-index')).then((m) => ({ default: m.GalleryIndexRoute })));
const GalleryAlbumRoute = lazyChunk(() => trackLoading(import('../features/gallery/routes/gallery-album')).then((m) => ({ default: m.GalleryAlbumRoute })));
const SearchResultsRoute = lazyChunk(() =>
  trackLoading(import('../features/catalog/routes/search-results')).then((m) => ({ default: m.SearchResultsRoute })),
);
// The vehicle landing pages (/vehicles/{make}[/{model}[/{generation}]]): one chunk with their texts.
const vehiclePages = () => trackLoading(Promise.all([import('../features/vehicle-pages/routes/vehicle-pages'), loadVehicleTexts()]).then(([m]) => m));
const VehicleMakeRoute = lazyChunk(() => vehiclePages().then((m) => ({ default: m.VehicleMakeRoute })));
const VehiclePartsRoute = lazyChunk(() => vehiclePages().then((m) => ({ default: m.VehiclePartsRoute })));
// Cart, checkout and payment pages, each its own chunk, loaded with their texts (lib/i18n.ts).
const withTexts = <T,>(load: Promise<T>) => trackLoading(Promise.all([load, loadCheckoutTexts()]).then(([m]) => m));
const CartRoute = lazyChunk(() => withTexts(import('../features/cart/routes/cart-route')).then((m) => ({ default: m.CartRoute })));
const CheckoutRoute = lazyChunk(() => withTexts(import('../features/checkout/routes/checkout-route')).then((m) => ({ default: m.CheckoutRoute })));
const PaymentRoute = lazyChunk(() => withTexts(import('../features/payment/routes/payment-route')).then((m) => ({ default: m.PaymentRoute })));
const PaymentSuccessRoute = lazyChunk(() =>
  withTexts(import('../features/payment/routes/payment-success-route')).then((m) => ({ default: m.PaymentSuccessRoute })),
);

// The staff side (login, admin shell and screens) is one lazy chunk with its texts (app/admin/staff-app.tsx),
// outside the storefront's layout; its screens are further chunks. A shopper never loads any of it.
const StaffApp = lazyChunk(() => trackLoading(Promise.all([import('./admin/staff-app'), loadAdminTexts()])).then(([m]) => ({ default: m.StaffApp })));

/**
 * /login, /session/login, /password-reset/{token} (the mailed forgot-password link) and /admin/... under a
 * language prefix ('' | 'et' | 'en'), outside the shop's layout.
 */
function staffRoutes(prefix: string) {
  const p = prefix ? `${prefix}/` : '';
  const staff = (area: 'login' | 'password-reset' | 'admin') => (
    <Suspense fallback={<Spinner />}>
      <StaffApp area={area} />
    </Suspense>
  );
  return [
    <Route key={`${p}login`} path={`${p}login`} element={staff('login')} />,
    <Route key={`${p}session-login`} path={`${p}session/login`} element={staff('login')} />,
    <Route key={`${p}password-reset`} path={`${p}password-reset/:token`} element={staff('password-reset')} />,
    <Route key={`${p}admin`} path={`${p}admin/*`} element={staff('admin')} />,
  ];
}

/**
 * /clear-storage (spec 2) reached inside the app: wipes local storage and loads the language's home page afresh, so
 * no state read from storage (the cart in memory) is written back. A page load of /clear-storage is handled by
 * index.html before the app starts.
 */
function ClearStorageRoute() {
  const { prefix } = useRouteLanguage();
  useLayoutEffect(() => {
    discardWrites(); // a cart, option or theme write still pending would otherwise be flushed as the page is left
    try {
      localStorage.clear();
    } catch {
      /* storage unavailable */
    }
    window.location.replace(prefix || '/');
  }, [prefix]);
  return null;
}

/** A prefixed path that is no category: a content page by name (its own chunk), else not found. */
function notCategory(pageName: string | null) {
  return pageName ? <ContentPageRoute name={pageName} /> : <NotFoundRoute />;
}

/** The pages of one language, relative to its prefix. */
function pages(prefix: string) {
  return [
    // `/` is the product listing (spec 2 "/: Product listing (home)"); `/et` and `/en` are the language home pages
    // (spec 2: a page name equal to a language code), a content page with layout homepage.
    <Route key={`${prefix}index`} index element={prefix ? <HomePageRoute /> : <ProductListingRoute />} />,
    <Route key={`${prefix}products`} path="products" element={<ProductListingRoute />} />,
    <Route key={`${prefix}tooted`} path="tooted" element={<ProductListingRoute />} />,
    <Route key={`${prefix}view`} path="products/view/:id" element={<ProductViewRoute />} />,
    <Route key={`${prefix}search`} path="searchresults" element={<SearchResultsRoute />} />,
    <Route key={`${prefix}clear`} path="clear-storage" element={<ClearStorageRoute />} />,
    <Route key={`${prefix}cart`} path="cart" element={<CartRoute />} />,
    <Route key={`${prefix}checkout`} path="checkout" element={<CheckoutRoute />} />,
    <Route key={`${prefix}payment`} path="payment/:token" element={<PaymentRoute />} />,
    <Route key={`${prefix}payment-success`} path="payment-success" element={<PaymentSuccessRoute />} />,
    <Route key={`${prefix}page`} path="page/:pageId/:slug?" element={<ContentPageRoute />} />,
    <Route key={`${prefix}gallery`} path="gallery" element={<GalleryIndexRoute />} />,
    <Route key={`${prefix}gallery-album`} path="gallery/:galleryId" element={<GalleryAlbumRoute />} />,
    <Route key={`${prefix}vehicle-make`} path="vehicles/:make" element={<VehicleMakeRoute />} />,
    <Route key={`${prefix}vehicle-parts`} path="vehicles/:make/:model/:generation?" element={<VehiclePartsRoute />} />,
    // Prefixed: a category URL (spec 9), else a content page by name, else not found (category-url.tsx).
    // Unprefixed: a content page by name (/muugitingimused), else not found.
    ...(prefix
      ? [<Route key={`${prefix}404`} path="*" element={<CategoryUrlRoute notCategory={notCategory} />} />]
      : [<Route key="page-name" path=":pageName" element={<ContentPageRoute />} />, <Route key="404" path="*" element={<NotFoundRoute />} />]),
  ];
}

export function AppRoutes() {
  return (
    <Routes>
      {staffRoutes('')}
      {staffRoutes('et')}
      {staffRoutes('en')}
      <Route path="/" element={<RootLayout />}>
        {pages('')}
        <Route path="et">{pages('et')}</Route>
        <Route path="en">{pages('en')}</Route>
      </Route>
    </Routes>
  );
}
