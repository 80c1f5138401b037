/**
 * Product listing (spec 2 "Product listing"; routes /, /products, /tooted): category tree, facet filters, sorting,
 * paging, view modes and breadcrumb; with a vehicle (docs/architecture.md "Vehicle fitment": `v=` or the garage's active one) only the
 * parts that fit it or are universal, each card saying whether it fits, and the hidden 'unknown' parts' count with a
 * toggle (`unknown=1`). All listing state lives in the URL query (q, c, f, page, pageSize, sort, v, unknown; `view`
 * when a view mode was chosen without JavaScript), and results are cached per query string. Every control also
 * works as a link or GET form on a server-rendered page without JavaScript (filter-panel.tsx, listing-toolbar.tsx). With filters applied, exactly matching products come first, then the
 * heading 'Following products are partially matching with selected filters:' and the rest.
 */
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/translation';
import type { AppliedFilters, CategoryNode, Product } from '../../../../../api/contracts/catalog';
import { DEFAULT_PAGE_SIZE, DEFAULT_SORT, DEFAULT_VIEW_MODE, type Sort, type ViewMode } from '../../../../../api/contracts/catalog-constants';

const EMPTY_TREE: CategoryNode[] = [];
import { PageMeta } from '../../../components/page-meta';
import { Pagination } from '../../../components/pagination';
import { Spinner } from '../../../components/spinner';
import { useRouteLanguage } from '../../../lib/language';
import { useRememberedOption } from '../../../lib/local-option';
import { formatCount } from '../../../lib/format';
import { useCategories } from '../api/get-categories';
import { treeWithCounts, useVehicleCategoryCounts } from '../api/get-vehicle-category-counts';
import { useProducts } from '../api/get-products';
import { useStorefrontStaff } from '../../../lib/staff/storefront';
import { CategoryBreadcrumb } from '../components/category-breadcrumb';
import { CategoryTree } from '../components/category-tree';
import { FilterPanel } from '../components/filter-panel';
import { ListingSheet } from '../components/listing-sheet';
import { ListingToolbar } from '../components/listing-toolbar';
import { ProductGrid } from '../components/product-grid';
import { VehicleBar } from '../components/vehicle-bar';
import { garage, useGarage, vehicleLabel } from '../../../lib/garage/store';
import { useActiveVehicle, useVehicleUrlSync } from '../../../lib/garage/use-vehicle';
import { isNotFound } from '../../../lib/api-client';
import { ShopModuleNotice, shopModuleOff } from '../components/shop-module-notice';
import { categoryName, findCategoryPath } from '../utils/category-tree';
import {
  type ListingSort,
  LISTING_OPTION_PARAMS,
  nextListingSearch,
  listingParamsOf,
  readViewMode,
  RELEVANCE,
  toggleFilterValue,
  toProductListQuery,
  type ListingChange,
} from '../utils/listing-params';
import '../catalog.css';
import '../catalog-products.css';
import { usePageReady } from '../../../lib/page-ready';

/**
 * `categoryId`: the category of a category URL (spec 9: /et/a/b/c, resolved by CategoryUrlRoute); otherwise the
 * category comes from the `c` query parameter.
 */
export function ProductListingRoute({ categoryId }: { categoryId?: string }) {
  usePageReady();
  const { t } = useTranslation(['shop', 'app']);
  const { lang, to } = useRouteLanguage();
  const [searchParams] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // Spec 3 "Remembered user options": sort and page size chosen earlier apply when the URL names none; a search
  // (q set) without a sort in its URL is ordered by relevance instead.
  // Remembered in local storage and a cookie, so the server renders them too (lib/local-option.ts).
  const [rememberedSort, setRememberedSort] = useRememberedOption<Sort>('productSorting', DEFAULT_SORT);
  const [rememberedSize, setRememberedSize] = useRememberedOption<string>('pageSize', String(DEFAULT_PAGE_SIZE));
  // Vehicle fitment (docs/architecture.md): the URL's vehicle, else the garage's active one (the URL follows, useVehicleUrlSync).
  useVehicleUrlSync();
  const vehicle = useActiveVehicle();
  const garageState = useGarage();
  const params = useMemo(
    () => ({ ...listingParamsOf(searchParams, { sort: rememberedSort, pageSize: rememberedSize }, categoryId), v: vehicle ?? '' }),
    [searchParams, categoryId, rememberedSort, rememberedSize, vehicle],
  );
  const queryString = toProductListQuery(params, lang);
  const staff = useStorefrontStaff();
  const products = useProducts(queryString, staff.frontEdit, staff.ready);
  const categories = useCategories(lang);
  const [rememberedView, setRememberedView] = useRememberedOption<ViewMode>('productViewMode', DEFAULT_VIEW_MODE);
  // A view mode chosen without JavaScript (the toolbar's form) is in the URL; else the remembered one.
  const viewMode = readViewMode(searchParams) ?? rememberedView;
  const chooseViewMode = (mode: ViewMode) => {
    setRememberedView(mode);
    if (searchParams.has('view')) {
      const next = new URLSearchParams(searchParams);
      next.delete('view');
      const qs = next.toString();
      void navigate(`${pathname}${qs ? `?${qs}` : ''}`, { replace: true, state: { keepScroll: true } });
    }
  };
  const hrefWith = (change: ListingChange) => `${pathname}${nextListingSearch(searchParams, change)}`;
  // With a vehicle, the tree counts only its parts (and the unknown ones with `unknown=1`); until they answer, the
  // whole catalog's counts.
  const vehicleCounts = useVehicleCategoryCounts(vehicle, params.unknown, lang);
  const tree = useMemo(() => {
    const whole = categories.data ?? EMPTY_TREE;
    return vehicle && vehicleCounts.data ? treeWithCounts(whole, vehicleCounts.data.counts) : whole;
  }, [categories.data, vehicle, vehicleCounts.data]);
  // The sidebar (category tree, facets) renders in a background pass after the products when their data arrives:
  // React slices that work into short tasks, so the page is interactive sooner (Lighthouse TBT on slow phones).
  const sidebarTree = useDeferredValue(tree);
  const sidebarFilters = useDeferredValue(products.data?.list.availableFilters);
  /** A category's own URL (spec 9), keeping q, sort and page size; '' is all products. */
  const categoryHref = (id: string) => {
    const node = id ? findCategoryPath(tree, id).at(-1) : undefined;
    const search = nextListingSearch(searchParams, { c: '' });
    if (!node) return `${to('/products')}${search}`;
    return `${node.url[lang]}${search}`;
  };
  // The router commits a navigation in a transition: until the URL has changed, the panel shows the filters as
  // just clicked (no flicker back of the checkbox).
  const [pendingFilters, setPendingFilters] = useState<AppliedFilters | null>(null);
  useEffect(() => setPendingFilters(null), [searchParams]);
  // A filter, sort or page-size change keeps the scroll position (see lib/scroll-restoration.ts).
  const apply = (change: ListingChange) => {
    if (change.f) setPendingFilters(change.f);
    void navigate(hrefWith(change), { state: { keepScroll: true } });
  };

  // Spec 2 "Pagination control": the view scrolls to the top when the page changes.
  const previousPage = useRef(params.page);
  useEffect(() => {
    if (previousPage.current !== params.page) window.scrollTo({ top: 0 });
    previousPage.current = params.page;
  }, [params.page]);

  const categoryPath = params.c ? findCategoryPath(tree, params.c) : [];
  const currentCategory = categoryPath[categoryPath.length - 1];

  const heading = params.q
    ? t('listing.searchTitle', { q: params.q })
    : currentCategory
      ? categoryName(currentCategory, lang)
      : params.c
        ? t('listing.title')
        : t('listing.allProducts');

  const data = products.data;
  const list = data?.list;
  // The api names the vehicle ('MG MGB (1962-1980)'): the garage keeps the name; a vehicle it does not know (404,
  // e.g. a stale link) leaves the garage, and the URL drops it.
  const answeredVehicle = list?.vehicle;
  useEffect(() => {
    if (answeredVehicle) garage.setLabel(answeredVehicle.id, answeredVehicle.label);
  }, [answeredVehicle]);
  const vehicleGone = Boolean(vehicle) && products.isError && isNotFound(products.error);
  useEffect(() => {
    if (vehicleGone && vehicle) garage.remove(vehicle);
  }, [vehicleGone, vehicle]);
  const vehicleName = vehicle ? (answeredVehicle?.id === vehicle ? answeredVehicle.label : vehicleLabel(garageState, vehicle)) : null;
  const pagination = data?.pagination;
  const filtersApplied = Object.keys(params.f).length > 0 || (list?.appliedFiltersCount ?? 0) > 0;
  const { exact, partial } = useMemo(() => splitByMatch(list?.results ?? [], list?.exactlyMatchingProductIds, filtersApplied), [list, filtersApplied]);

  return (
    <div className="listing">
      <PageMeta
        title={heading}
        description={
          currentCategory
            ? t('listing.categoryDescription', { name: categoryName(currentCategory, lang), count: currentCategory.productCount })
            : t('listing.description')
        }
        keywords={
          currentCategory
            ? [...categoryPath.map((n) => categoryName(n, lang)), ...currentCategory.search_keywords[lang].split(',').map((k) => k.trim())]
            : t('listing.keywords').split(',').map((k) => k.trim())
        }
        canonicalSearch={!currentCategory && params.q ? `?q=${encodeURIComponent(params.q)}` : undefined}
        alternates={currentCategory ? currentCategory.url : undefined}
      />
      <ListingSheet id="listing-sidebar" count={pagination?.totalCount} lang={lang} backTo="listing-title">
        {categories.isPending ? (
          <Spinner />
        ) : categories.isError ? (
          <p className="notice notice--error">{t('categories.loadError')}</p>
        ) : sidebarTree.length > 0 ? (
          // Mounted with the full tree, so the path to the selected category starts expanded.
          <CategoryTree tree={sidebarTree} selectedId={params.c} lang={lang} hrefFor={categoryHref} />
        ) : null}
        {list && sidebarFilters && (
          <FilterPanel
            available={sidebarFilters}
            applied={pendingFilters ?? params.f}
            hiddenWhenEmpty={products.data?.list.hiddenWhenEmpty}
            lang={lang}
            hrefFor={(name, value, on) => hrefWith({ f: toggleFilterValue(params.f, name, value, on) })}
            clearHref={hrefWith({ f: {} })}
            onToggle={(name, value, on) => apply({ f: toggleFilterValue(pendingFilters ?? params.f, name, value, on) })}
            onClear={() => apply({ f: {} })}
          />
        )}
      </ListingSheet>

      <section className="listing__content" aria-labelledby="listing-title" aria-busy={products.isFetching}>
        <CategoryBreadcrumb path={categoryPath} lang={lang} hrefFor={categoryHref} />
        <div className="listing__head">
          <h1 id="listing-title">{heading}</h1>
          {pagination && (
            <p className="listing__count muted" aria-live="polite">
              {t('listing.count', { count: pagination.totalCount, formattedCount: formatCount(pagination.totalCount, lang) })}
            </p>
          )}
        </div>
        {shopModuleOff(staff.user, categories.isSuccess, tree.length, categories.isError) && <ShopModuleNotice />}
        {list && list.leftOutSearchKeywords.length > 0 && (
          <p className="notice">{t('listing.leftOutKeywords', { words: list.leftOutSearchKeywords.join(', ') })}</p>
        )}
        <VehicleBar
          vehicle={vehicleName}
          hiddenUnknown={list?.hiddenUnknown ?? 0}
          unknown={params.unknown}
          unknownHref={hrefWith({ unknown: !params.unknown })}
        />
        <ListingToolbar
          sort={params.sort}
          searching={params.q !== ''}
          pageSize={params.pageSize}
          viewMode={viewMode}
          action={pathname}
          keep={[...searchParams].filter(([name]) => !LISTING_OPTION_PARAMS.includes(name))}
          onSortChange={(sort: ListingSort) => {
            if (sort !== RELEVANCE) setRememberedSort(sort);
            apply({ sort });
          }}
          onPageSizeChange={(pageSize) => {
            setRememberedSize(String(pageSize));
            apply({ pageSize });
          }}
          onViewModeChange={chooseViewMode}
        />

        {products.isPending ? (
          <Spinner />
        ) : !list ? (
          // Spec 8: a failed product-list request is swallowed silently; only a way to try again is offered.
          <p className="empty-state">
            <button type="button" className="button" onClick={() => void products.refetch()}>
              {t('app:retry')}
            </button>
          </p>
        ) : list.results.length === 0 ? (
          <div className="empty-state">
            <p>
              <strong>{t('listing.empty')}</strong>
            </p>
            <p className="muted">{t('listing.emptyHint')}</p>
          </div>
        ) : (
          <div className={`listing__results${products.isPlaceholderData ? ' is-stale' : ''}`}>
            {exact.length > 0 && <ProductGrid products={exact} viewMode={viewMode} labelledBy="listing-title" vehicle={vehicleName ?? ''} />}
            {partial.length > 0 && (
              <>
                <h2 id="listing-partial-title" className="listing__partial-heading">
                  {t('listing.partialHeading')}
                </h2>
                <ProductGrid products={partial} viewMode={viewMode} labelledBy="listing-partial-title" vehicle={vehicleName ?? ''} />
              </>
            )}
          </div>
        )}

        {pagination && (
          <Pagination page={params.page} pageCount={pagination.pageCount} hrefFor={(page) => hrefWith({ page })} />
        )}
      </section>
    </div>
  );
}

/**
 * Without filters every product is "exact". With filters, products listed in exactlyMatchingProductIds come
 * first in answer order, the others follow as partial matches.
 */
function splitByMatch(results: Product[], exactIds: string[] | undefined, filtersApplied: boolean) {
  if (!filtersApplied || !exactIds) return { exact: results, partial: [] as Product[] };
  const ids = new Set(exactIds);
  return {
    exact: results.filter((p) => ids.has(p.id)),
    partial: results.filter((p) => !ids.has(p.id)),
  };
}
