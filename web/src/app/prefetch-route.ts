/**
 * Route-level prefetching of a server render (web/src/entry-server.tsx): the queries a page will ask for, fetched
 * into its QueryClient before the page renders, so it renders once with its data. Same query options (keys and
 * functions) as the components use, so each component finds its data in the cache:
 *
 * - every page: the site (header, footer) and the category tree (tree, breadcrumbs, category URLs, pictograms);
 * - the listing (/, /products, /tooted) and a category URL (spec 9, found in the tree): the product list the page
 *   builds from its URL and the remembered options (`listingParamsOf`; the URL's vehicle `v=` and `unknown=1` too, so
 *   the first HTML is already narrowed to the parts that fit);
 * - a product page: the product (with the URL's vehicle `v=`, docs/architecture.md "Vehicle fitment": its fit answer), then its
 *   related products' lists;
 * - search results (/searchresults): the search the page builds from its URL (`searchParamsOf`, `searchQueryString`);
 * - a content page: the language home page (/et, /en), /page/{id}/{slug}, an unprefixed /{pageName}, and a prefixed
 *   /{lang}/{pageName} that no category has (the page as a guest asks for it, `pageQueryOptions`); for a page of
 *   layout `gallery` the album tiles too, for `gallery-detail` its album's pictures (spec 1).
 * - the gallery (spec 2 "Gallery"): the album tiles; an album page: its pictures.
 * - a vehicle landing page: the make's models, or the model's or generation's parts per category.
 *
 * Every page of the server render is covered, so it renders once; a page found only while rendering would still be
 * fetched by the render's own data passes (web/src/entry-server.tsx). Server only: the browser's bundle never imports
 * this module. Failures are kept in the cache as the query's error (a 404 product renders the
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
import { searchResultsQueryOptions } from '../features/catalog/api/get-search-results';
import { searchParamsOf, searchQueryString } from '../features/catalog/utils/search-params';
import { pageQueryOptions } from '../features/pages/api/get-page';
import { layoutPageOf } from '../features/pages/api/layout-page';
import { albumIdIn } from '../lib/gallery-album-link';
import { albumPicturesQueryOptions, galleryIndexQueryOptions } from '../features/gallery/api/get-gallery';
import { vehicleMakeQueryOptions, vehiclePartsQueryOptions } from '../features/vehicle-pages/api/get-vehicle-pages';
import { categoriesQueryOptions } from '../lib/categories';
import { vehicleCategoryCountsQueryOptions } from '../features/catalog/api/get-vehicle-category-counts';
import { vehicleParamOf } from '../lib/garage/use-vehicle';
import { languageFromPath, type Language } from '../lib/language';
import { siteQueryOptions } from '../lib/site/get-site';

/** Paths (after the language prefix, lower case, no trailing slash) of the listing; '' only without a prefix (/et and /en are the language home pages). */
const LISTING = new Set(['', '/products', '/tooted']);
const PRODUCT_VIEW = /^\/products\/view\/([^/]+)$/;
/** /page/{pageId} and /page/{pageId}/{slug} (router.tsx), case-insensitive as the router matches. */
const PAGE_BY_ID = /^\/page\/([^/]+)(?:\/[^/]+)?$/i;
/** One path segment after the prefix: a content page's name when nothing else claims it. */
const ONE_SEGMENT = /^\/([^/]+)$/;
/** /gallery/{albumId} (router.tsx). */
const GALLERY_ALBUM = /^\/gallery\/([^/]+)$/;
/** First segments of the other pages of router.tsx: a prefixed path outside these may be a category URL. */
const OTHER_PAGES = /^\/(?:products|searchresults|clear-storage|cart|checkout|payment|payment-success|page|gallery|vehicles|login|session|password-reset|admin)(?:\/|$)/;
/** /vehicles/{make} and /vehicles/{make}/{model}[/{generation}] (router.tsx): the vehicle landing pages. */
const VEHICLE_PAGE = /^\/vehicles\/([^/]+)(?:\/([^/]+)(?:\/([^/]+))?)?$/;

/** The listing's product list, as ProductListingRoute asks for it. */
function listingQuery(search: URLSearchParams, options: RememberedOptions, lang: Language, categoryId?: string) {
  const remembered = { sort: (options.productSorting ?? DEFAULT_SORT) as Sort, pageSize: options.pageSize ?? String(DEFAULT_PAGE_SIZE) };
  return productsQueryOptions(toProductListQuery(listingParamsOf(search, remembered, categoryId), lang));
}

/** With the URL's vehicle (`v=`), the category tree's counts for it, as ProductListingRoute asks for them; else nothing. */
function vehicleCountsQueries(client: QueryClient, search: URLSearchParams, lang: Language): Promise<void>[] {
  const v = vehicleParamOf(search);
  return v ? [client.prefetchQuery(vehicleCategoryCountsQueryOptions(v, search.get('unknown') === '1', lang))] : [];
}

/** A path segment decoded as the router decodes a parameter; null when it is not valid percent-encoding. */
function decoded(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
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

  const fetchAll = (...more: Promise<void>[]) => Promise.all([...shell, ...more]).then(() => undefined);
  // A content page, and what its layout shows besides (spec 1: layout `gallery` shows the album tiles).
  const contentPage = async (ref: string) => {
    const options = pageQueryOptions(ref, lang);
    await client.prefetchQuery(options);
    const page = client.getQueryData(options.queryKey);
    const layout = page ? layoutPageOf(page).layout : null;
    if (layout === 'gallery') await client.prefetchQuery(galleryIndexQueryOptions(lang));
    if (layout === 'gallery-detail') {
      // The album the page's text links to, else the first published one (layouts/gallery-detail-layout.tsx).
      let albumId = albumIdIn(page!.content);
      if (albumId === null) {
        await client.prefetchQuery(galleryIndexQueryOptions(lang));
        albumId = client.getQueryData(galleryIndexQueryOptions(lang).queryKey)?.[0]?.id ?? null;
      }
      if (albumId !== null) await client.prefetchQuery(albumPicturesQueryOptions(albumId, lang));
    }
  };

  if (LISTING.has(path) && !(prefix && path === '')) return fetchAll(client.prefetchQuery(listingQuery(searchParams, options, lang)), ...vehicleCountsQueries(client, searchParams, lang));
  // The language home page (router.tsx HomePageRoute: the page named by the language code).
  if (prefix && path === '') return fetchAll(contentPage(lang));
  if (path === '/searchresults') return fetchAll(client.prefetchQuery(searchResultsQueryOptions(searchQueryString(searchParamsOf(searchParams), lang))));
  const byId = PAGE_BY_ID.exec(rest);
  if (byId) {
    const ref = decoded(byId[1]!);
    return fetchAll(...(ref === null ? [] : [contentPage(ref)]));
  }
  const view = PRODUCT_VIEW.exec(rest);
  if (view) {
    const id = decoded(view[1]!);
    if (id === null) return fetchAll();
    const productOptions = productQueryOptions(id, lang, false, vehicleParamOf(searchParams));
    await fetchAll(client.prefetchQuery(productOptions));
    const product = client.getQueryData(productOptions.queryKey);
    if (!product) return;
    const related = relatedProductQueries(product, lang);
    await Promise.all([related.compatible, related.similar].filter((q): q is string => q !== null).map((q) => client.prefetchQuery(productsQueryOptions(q))));
    return;
  }
  if (path === '/gallery') return fetchAll(client.prefetchQuery(galleryIndexQueryOptions(lang)));
  const album = GALLERY_ALBUM.exec(rest);
  if (album) {
    // A malformed escape: the page asks for nothing the api would find.
    const id = decoded(album[1]!);
    return fetchAll(...(id === null ? [] : [client.prefetchQuery(albumPicturesQueryOptions(id, lang))]));
  }
  const vehicle = VEHICLE_PAGE.exec(rest);
  if (vehicle) {
    const [make, model, generation] = [vehicle[1]!, vehicle[2], vehicle[3]].map((p) => (p === undefined ? undefined : decoded(p)));
    if (make === null || model === null || generation === null) return fetchAll();
    return fetchAll(model === undefined ? client.prefetchQuery(vehicleMakeQueryOptions(make!, lang)) : client.prefetchQuery(vehiclePartsQueryOptions(make!, model, generation, lang)));
  }
  const segment = ONE_SEGMENT.exec(rest);
  if (!prefix) {
    // Unprefixed: /{pageName} is a content page by name (its parameter, decoded), anything else not found.
    const name = segment && !OTHER_PAGES.test(path) ? decoded(segment[1]!) : null;
    return fetchAll(...(name === null ? [] : [contentPage(name)]));
  }
  await fetchAll();
  if (OTHER_PAGES.test(path)) return;
  // A prefixed path no other page claims: a category URL when the tree has it, else one segment is a content page
  // by that name as the path spells it (features/catalog/routes/category-url.tsx decides the same).
  const tree = client.getQueryData(categoriesQueryOptions(lang).queryKey);
  const node = tree ? findCategoryByUrl(tree, pathname) : undefined;
  if (node) await Promise.all([client.prefetchQuery(listingQuery(searchParams, options, lang, node.id)), ...vehicleCountsQueries(client, searchParams, lang)]);
  else if (segment) await contentPage(segment[1]!);
}
