/**
 * Route-level prefetching of a server render (web/src/entry-server.tsx): the queries a page will ask for, fetched
 * into its QueryClient before the page renders, so it renders once with its data. Same query options (keys and
 * functions) as the components use, so each component finds its data in the cache:
 *
 * - every page: the site (header, footer) and the category tree (tree, breadcrumbs, category URLs, pictograms);
 * - the listing (/, /products, /tooted) and a category URL (spec 9, found in the tree): the product list the page
 *   builds from its URL and the remembered options (`listingParamsOf`);
 * - a product page: the product, then its related products' lists;
 * - the gallery (spec 2 "Gallery"): the album tiles; an album page: its pictures.
 *
 * Other pages (search results, content pages) are left to the render's own data passes. Server only: the browser's
 * bundle never imports this module. Failures are kept in the cache as the query's error (a 404 product renders the
 * not-found page), never thrown.
 */
import type { QueryClient } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE, DEFAULT_SORT, type Sort } from '../../../api/contracts/catalog-constants';
import type { RememberedOptions } from '../../../api/contracts/remembered-options';
import { productQueryOptions } from '../features/catalog/api/get-product';
import { productsQueryOptions } from '../features/catalog/api/get-products';
import { relatedProductQueries } from '../features/catalog/components/related-products';
import { findCategoryByUrl } from '../features/catalog/utils/category-tree';
import { listingParamsOf, toProductListQuery } from '../features/catalog/utils/listing-params';
import { albumPicturesQueryOptions, galleryIndexQueryOptions } from '../features/gallery/api/get-gallery';
import { categoriesQueryOptions } from '../lib/categories';
import { languageFromPath, type Language } from '../lib/language';
import { siteQueryOptions } from '../lib/site/get-site';

/** Paths (after the language prefix, lower case, no trailing slash) of the listing. */
const LISTING = new Set(['', '/products', '/tooted']);
const PRODUCT_VIEW = /^\/products\/view\/([^/]+)$/;
const GALLERY_ALBUM = /^\/gallery\/([^/]+)$/;
/** First segments of the other pages of router.tsx: a prefixed path outside these may be a category URL. */
const OTHER_PAGES = /^\/(?:products|searchresults|clear-storage|cart|checkout|payment|payment-success|page|gallery|login|session|password-reset|admin)(?:\/|$)/;

/** The listing's product list, as ProductListingRoute asks for it. */
function listingQuery(search: URLSearchParams, options: RememberedOptions, lang: Language, categoryId?: string) {
  const remembered = { sort: (options.productSorting ?? DEFAULT_SORT) as Sort, pageSize: options.pageSize ?? String(DEFAULT_PAGE_SIZE) };
  return productsQueryOptions(toProductListQuery(listingParamsOf(search, remembered, categoryId), lang));
}

/**
 * Fetches into `client` the queries of the page at `url` (path and query) for a guest with the remembered listing
 * `options` of the request's cookies. Resolves when they are settled (successful or failed).
 */
export async function prefetchRoute(client: QueryClient, url: string, options: RememberedOptions): Promise<void> {
  const { pathname, searchParams } = new URL(url, 'http://x');
  const { lang, prefix } = languageFromPath(pathname);
  const rest = pathname.slice(prefix.length).replace(/\/+$/, '');
  const path = rest.toLowerCase();
  const shell = [client.prefetchQuery(siteQueryOptions(lang)), client.prefetchQuery(categoriesQueryOptions(lang))];

  if (LISTING.has(path)) {
    await Promise.all([...shell, client.prefetchQuery(listingQuery(searchParams, options, lang))]);
    return;
  }
  const view = PRODUCT_VIEW.exec(rest);
  if (view) {
    let id: string;
    try {
      id = decodeURIComponent(view[1]!);
    } catch {
      await Promise.all(shell);
      return;
    }
    const productOptions = productQueryOptions(id, lang, false);
    await Promise.all([...shell, client.prefetchQuery(productOptions)]);
    const product = client.getQueryData(productOptions.queryKey);
    if (!product) return;
    const related = relatedProductQueries(product, lang);
    await Promise.all([related.compatible, related.similar].filter((q): q is string => q !== null).map((q) => client.prefetchQuery(productsQueryOptions(q))));
    return;
  }
  if (path === '/gallery') {
    await Promise.all([...shell, client.prefetchQuery(galleryIndexQueryOptions(lang))]);
    return;
  }
  const album = GALLERY_ALBUM.exec(rest);
  if (album) {
    let id: string | null = null;
    try {
      id = decodeURIComponent(album[1]!);
    } catch {
      /* a malformed escape: the page asks for nothing the api would find */
    }
    await Promise.all([...shell, ...(id === null ? [] : [client.prefetchQuery(albumPicturesQueryOptions(id, lang))])]);
    return;
  }
  await Promise.all(shell);
  // A prefixed path no other page claims: a category URL when the tree has it (category-url.tsx decides the same).
  if (!prefix || OTHER_PAGES.test(path)) return;
  const tree = client.getQueryData(categoriesQueryOptions(lang).queryKey);
  const node = tree ? findCategoryByUrl(tree, pathname) : undefined;
  if (node) await client.prefetchQuery(listingQuery(searchParams, options, lang, node.id));
}
