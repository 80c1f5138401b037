/**
 * The api's in-process read caches as Fastify decorations (conventions 6, fastify/demo's plugins): `categories`
 * (CategoryCache: the tree with counts), `listings` (ResultCache of product lists, ApiDeps.listingCacheTtlMs) and
 * `filterLabels` (FilterLabelCache). Registered once at the root with fastify-plugin, so every route plugin reads
 * them as `app.categories` etc. instead of taking them as arguments. A read-model change hint (ApiDeps
 * readModelChanges: 'catalog', 'filters') clears them; the listeners are removed when the app closes.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ListProductsOutput } from '../projections/catalog/queries.js';
import { CategoryCache } from './catalog-cache.js';
import type { ApiDeps } from './deps.js';
import { FilterLabelCache } from './filter-labels.js';
import { ResultCache } from './listing-cache.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The category tree and names (api/catalog-cache.ts). */
    categories: CategoryCache;
    /** Product-list results per query (api/listing-cache.ts). */
    listings: ResultCache<ListProductsOutput>;
    /** Facet labels (api/filter-labels.ts). */
    filterLabels: FilterLabelCache;
  }
}

async function catalogCaches(app: FastifyInstance, { deps }: { deps: ApiDeps }): Promise<void> {
  const categories = new CategoryCache(deps.db);
  const listings = new ResultCache<ListProductsOutput>(deps.listingCacheTtlMs);
  const filterLabels = new FilterLabelCache(deps.db, deps.listingCacheTtlMs);
  const onCatalog = () => {
    listings.clear();
    categories.clear();
  };
  const onFilters = () => filterLabels.clear();
  deps.readModelChanges?.on('catalog', onCatalog);
  deps.readModelChanges?.on('filters', onFilters);
  app.addHook('onClose', async () => {
    deps.readModelChanges?.off('catalog', onCatalog);
    deps.readModelChanges?.off('filters', onFilters);
  });
  app.decorate('categories', categories);
  app.decorate('listings', listings);
  app.decorate('filterLabels', filterLabels);
}

export const catalogCachesPlugin = fp(catalogCaches, { name: 'catalog-caches' });
