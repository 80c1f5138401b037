/**
 * Routes (spec 2): /, /products and /tooted are the product listing; /products/view/:id the product page;
 * /searchresults the search results screen; /clear-storage wipes local storage. Each also under /et or /en.
 * Unknown paths show the not-found page. The product page and search results are split into their own chunks.
 */
import { lazy } from 'react';
import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { ErrorFallback } from '../components/error-fallback';
import { ProductListingRoute } from '../features/catalog/routes/product-listing';
import { NotFoundRoute } from './routes/not-found-route';
import { RootLayout } from './routes/root-layout';

const ProductViewRoute = lazy(() =>
  import('../features/catalog/routes/product-view').then((m) => ({ default: m.ProductViewRoute })),
);
const SearchResultsRoute = lazy(() =>
  import('../features/catalog/routes/search-results').then((m) => ({ default: m.SearchResultsRoute })),
);

/** The pages of one language, relative to its prefix. */
function pages(): RouteObject[] {
  return [
    { index: true, element: <ProductListingRoute /> },
    { path: 'products', element: <ProductListingRoute /> },
    { path: 'tooted', element: <ProductListingRoute /> },
    { path: 'products/view/:id', element: <ProductViewRoute /> },
    { path: 'searchresults', element: <SearchResultsRoute /> },
    { path: '*', element: <NotFoundRoute /> },
  ];
}

export const routes: RouteObject[] = [
  {
    path: '/clear-storage',
    loader: () => {
      try {
        localStorage.clear();
      } catch {
        /* storage unavailable */
      }
      return redirect('/');
    },
  },
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <ErrorFallback />,
    children: [
      {
        // Errors inside a page keep the header and footer around the fallback.
        errorElement: <ErrorFallback />,
        children: [
          ...pages(),
          { path: 'et', children: pages() },
          { path: 'en', children: pages() },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
