/**
 * Search results screen (/searchresults; spec 2 "Search results page"): heading Results; reads page, pageSize,
 * sort and q from the URL and asks GET /v1/search. Each result shows a thumbnail, the breadcrumb trail joined by
 * '>', the linked name and a description; products also show their code and price, labelled in Estonian in
 * both languages as the spec says ("with Estonian labels"). Content pages the query finds show in a group of their
 * own ("Lehed" / "Pages") beside the products (GET /v1/search `pages`).
 */
import { useEffect, useMemo, useRef } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/translation';
import type { PageSearchResult, SearchResult } from '../../../../../api/contracts/catalog';
import { PageMeta } from '../../../components/page-meta';
import { Pagination } from '../../../components/pagination';
import { Spinner } from '../../../components/spinner';
import { formatCount } from '../../../lib/format';
import { useRouteLanguage } from '../../../lib/language';
import { useSearchResults } from '../api/get-search-results';
import { Price } from '../components/price';
import { ProductImage } from '../components/product-image';
import { FitmentBadge } from '../components/fitment-badge';
import { useGarage, vehicleLabel } from '../../../lib/garage/store';
import { useActiveVehicle, useVehicleUrlSync } from '../../../lib/garage/use-vehicle';
import { searchParamsOf, searchQueryString } from '../utils/search-params';
import '../catalog.css';
import '../catalog-products.css';
import '../search-results.css';
import { usePageReady } from '../../../lib/page-ready';

export function SearchResultsRoute() {
  usePageReady();
  const { t } = useTranslation(['shop', 'app']);
  const { lang, to } = useRouteLanguage();
  const [searchParams] = useSearchParams();
  const { pathname } = useLocation();

  // Vehicle fitment (docs/architecture.md): with a vehicle only the parts that fit it (or are universal), each saying so.
  useVehicleUrlSync();
  const vehicle = useActiveVehicle();
  const garageState = useGarage();
  const params = useMemo(() => ({ ...searchParamsOf(searchParams), v: vehicle ?? '' }), [searchParams, vehicle]);
  const { q, page } = params;
  const queryString = useMemo(() => searchQueryString(params, lang), [params, lang]);
  const search = useSearchResults(queryString);

  const previousPage = useRef(page);
  useEffect(() => {
    if (previousPage.current !== page) window.scrollTo({ top: 0 });
    previousPage.current = page;
  }, [page]);

  const hrefForPage = (n: number) => {
    const sp = new URLSearchParams(searchParams);
    if (n <= 1) sp.delete('page');
    else sp.set('page', String(n));
    return `${pathname}?${sp.toString()}`;
  };

  const data = search.data;
  const vehicleName = vehicle ? (data?.vehicle?.id === vehicle ? data.vehicle.label : vehicleLabel(garageState, vehicle)) : '';
  return (
    <section className="search-results" aria-labelledby="search-results-title" aria-busy={search.isFetching}>
      <PageMeta
        title={q ? `${t('search.title')}: ${q}` : t('search.title')}
        description={t('search.description')}
        canonicalSearch={q ? `?q=${encodeURIComponent(q)}` : undefined}
        noindex
      />
      <h1 id="search-results-title">{t('search.title')}</h1>
      {q && data && (
        <p className="muted">
          {t('listing.searchTitle', { q })} · {t('listing.count', { count: data.pagination.totalCount, formattedCount: formatCount(data.pagination.totalCount, lang) })}
        </p>
      )}
      {!q ? (
        <p>{t('search.noQuery')}</p>
      ) : search.isPending ? (
        <Spinner />
      ) : !data ? (
        <div className="notice notice--error" role="alert">
          <p>{t('search.loadError')}</p>
          <button type="button" className="button" onClick={() => void search.refetch()}>
            {t('app:retry')}
          </button>
        </div>
      ) : data.results.length === 0 && data.pages.length === 0 ? (
        <p className="empty-state">{t('search.empty')}</p>
      ) : (
        <div className={`search-results__groups${data.pages.length ? ' has-pages' : ''}`}>
          {data.pages.length > 0 && <PageResults pages={data.pages} />}
          {data.results.length > 0 && (
            <section className="search-results__products" aria-labelledby={data.pages.length ? 'search-products-title' : 'search-results-title'}>
              {data.pages.length > 0 && <h2 id="search-products-title">{t('search.products')}</h2>}
              <ol className={`search-results__list${search.isPlaceholderData ? ' is-stale' : ''}`}>
                {data.results.map((r) => (
                  <ProductResult key={r.id} result={r} nameTag={data.pages.length ? 'h3' : 'h2'} vehicle={vehicleName} />
                ))}
              </ol>
            </section>
          )}
        </div>
      )}
      {data && <Pagination page={page} pageCount={data.pagination.pageCount} hrefFor={hrefForPage} />}
    </section>
  );
}

/** A product result (spec 2 "Search results page": code and price labelled in Estonian). */
function ProductResult({ result: r, nameTag: Name, vehicle }: { result: SearchResult; nameTag: 'h2' | 'h3'; vehicle: string }) {
  const { t } = useTranslation(['shop', 'app']);
  const { lang, to } = useRouteLanguage();
  const isProduct = Boolean(r.content.code1);
  return (
    <li className="search-result">
      <ProductImage
        image={r.content.image}
        alt={r.name}
        className="search-result__image"
        sizes="120px"
        // The trail is the category path, then the result's own name: its first entry is the top category.
        topCategoryName={r.breadcrumbs.length > 1 ? r.breadcrumbs[0].name : undefined}
      />
      <div className="search-result__body">
        {r.breadcrumbs.length > 0 && (
          <p className="search-result__trail muted">{r.breadcrumbs.map((b) => b.name).join(' > ')}</p>
        )}
        <Name className="search-result__name">
          <Link to={to(r.path)}>{r.name}</Link>
        </Name>
        <FitmentBadge fitment={r.fitment} vehicle={vehicle} />
        {(r.meta_description || r.content.description) && (
          <p className="search-result__description">{r.meta_description || r.content.description}</p>
        )}
        {isProduct && (
          <dl className="search-result__facts">
            <div>
              <dt>{t('search.code', { lng: 'et' })}</dt>
              <dd>{r.content.code1}</dd>
            </div>
            {r.content.price !== null && (
              <div>
                <dt>{t('search.price', { lng: 'et' })}</dt>
                <dd>
                  <Price cents={null} decimal={r.content.price} lang={lang} />
                </dd>
              </div>
            )}
          </dl>
        )}
      </div>
    </li>
  );
}

/**
 * The content pages the search found (spec 3 "Search result": breadcrumbs, meta description, header image), in a
 * group of their own beside the products; linked to the page in the route's language.
 */
function PageResults({ pages }: { pages: PageSearchResult[] }) {
  const { t } = useTranslation('shop');
  const { to } = useRouteLanguage();
  return (
    <section className="search-results__pages" aria-labelledby="search-pages-title">
      <h2 id="search-pages-title">{t('search.pages')}</h2>
      <ul className="page-results">
        {pages.map((p) => (
          <li key={p.id} className="page-result">
            {p.content['header-img'] && <img className="page-result__image" src={p.content['header-img'].src} alt="" loading="lazy" width={80} height={60} />}
            <div className="page-result__body">
              <p className="page-result__trail muted">{p.breadcrumbs.map((b) => b.name).join(' > ')}</p>
              <h3 className="page-result__name">
                <Link to={to(p.path)}>{p.name}</Link>
              </h3>
              {p.meta_description && <p className="page-result__description">{p.meta_description}</p>}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
