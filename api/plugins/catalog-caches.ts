/**
 * The api's in-process read caches as Fastify decorations (conventions 6, fastify/demo's plugins): `categories`
 * (CategoryCache: the tree with counts), `listings` (ResultCache of product lists, ApiDeps.listingCacheTtlMs),
 * `filterLabels` (FilterLabelCache), `publishedPages` (the content pages search finds, PublishedPagesCache: read by
 * GET /v1/search and the server render's in-process reads alike), and `listingIndex` (the catalog's listing index, ListingIndexSource: not a cache,
 * it holds every product and follows the read model). Registered once at the root with fastify-plugin, so every route plugin reads
 * them as `app.categories` etc. instead of taking them as arguments. A read-model change hint (ApiDeps
 * readModelChanges: 'catalog', 'filters') clears them; the listeners are removed when the app closes.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ListingIndexSource } from '../../projections/catalog/listing-index-source.js';
import type { ListedCard, ListedSearchProduct, ListProductsOutput } from '../../projections/catalog/queries.js';
import { CategoryCache } from './catalog-cache.js';
import type { ApiDeps } from './deps.js';
import { FilterLabelCache } from './filter-labels.js';
import { ResultCache } from './listing-cache.js';
import { PublishedPagesCache } from '../routes/search/page-results.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The category tree and names (api/plugins/catalog-cache.ts). */
    categories: CategoryCache;
    /** Product-list results per query (api/plugins/listing-cache.ts): search results' fields (GET /v1/search) or cards (GET /v1/products). */
    listings: ResultCache<ListProductsOutput<ListedSearchProduct | ListedCard>>;
    /** Facet labels (api/plugins/filter-labels.ts). */
    filterLabels: FilterLabelCache;
    /** The catalog's in-memory listing index and how far it follows the read model (projections/catalog). */
    listingIndex: ListingIndexSource;
    /** The published content pages GET /v1/search finds (api/routes/search/page-results.ts). */
    publishedPages: PublishedPagesCache;
  }
}

async function catalogCaches(app: FastifyInstance, { deps }: { deps: ApiDeps }): Promise<void> {
  const listingIndex = new ListingIndexSource(deps.db);
  const categories = new CategoryCache(listingIndex);
  const listings = new ResultCache<ListProductsOutput<ListedSearchProduct | ListedCard>>(deps.listingCacheTtlMs);
  const filterLabels = new FilterLabelCache(deps.db, deps.filterLabelCacheTtlMs ?? deps.listingCacheTtlMs);
  const publishedPages = new PublishedPagesCache(deps.db, deps.readModelChanges);
  // A listing change (the index moved: names, prices, visibility, categories, facets) drops every cached page and
  // the tree; a stock change drops only the cached pages that show those products (their availability), and the
  // tree, whose counts are cheap to rebuild from the index. Facet counts live in the index and never expire.
  const onCatalog = () => {
    categories.clear();
    listingIndex.sync().catch((e: Error) => app.log.warn({ err: e }, 'listing index sync failed'));
  };
  const offIndex = listingIndex.onChange(() => {
    listings.clear();
    categories.clear();
  });
  const onFilters = () => filterLabels.clear();
  const onStock = (ids: string[]) => {
    const changed = new Set(ids);
    void listings.dropWhere((page) => page.products.some((p) => changed.has(p.id)));
  };
  deps.readModelChanges?.on('catalog', onCatalog);
  deps.readModelChanges?.on('stock', onStock);
  deps.readModelChanges?.on('filters', onFilters);
  app.addHook('onClose', async () => {
    deps.readModelChanges?.off('catalog', onCatalog);
    deps.readModelChanges?.off('stock', onStock);
    offIndex();
    deps.readModelChanges?.off('filters', onFilters);
    publishedPages.close();
  });
  app.decorate('categories', categories);
  app.decorate('listings', listings);
  app.decorate('filterLabels', filterLabels);
  app.decorate('listingIndex', listingIndex);
  app.decorate('publishedPages', publishedPages);
}

export const catalogCachesPlugin = fp(catalogCaches, { name: 'catalog-caches' });
