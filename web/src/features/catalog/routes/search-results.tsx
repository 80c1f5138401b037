/**
 * Search results screen (/searchresults; spec 2 "Search results page"): heading Results; reads page, pageSize,
 * sort and q from the URL and asks GET /v1/search. Each result shows a thumbnail, the breadcrumb trail joined by
 * '>', the linked name and a description; products also show their code and price, labelled in Estonian in
 * both languages as the spec says ("with Estonian labels").
 */
import { useEffect, useMemo, useRef } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, isSort, PAGE_SIZES } from '../../../../../api/contracts/catalog-constants';
import { PageMeta } from '../../../components/page-meta';
import { Pagination } from '../../../components/pagination';
import { Spinner } from '../../../components/spinner';
import { formatCount } from '../../../lib/format';
import { useRouteLanguage } from '../../../lib/language';
import { useSearchResults } from '../api/get-search-results';
import { Price } from '../components/price';
import { ProductImage } from '../components/product-image';
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

  const { q, page, pageSize, sort } = useMemo(() => {
    const p = Number.parseInt(searchParams.get('page') ?? '', 10);
    const size = Number.parseInt(searchParams.get('pageSize') ?? '', 10);
    const s = searchParams.get('sort');
    return {
      q: (searchParams.get('q') ?? '').trim(),
      page: Number.isFinite(p) && p >= 1 ? p : 1,
      pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
      sort: isSort(s) ? s : undefined,
    };
  }, [searchParams]);

  const queryString = useMemo(() => {
    const sp = new URLSearchParams({ q, page: String(page), 'per-page': String(pageSize) });
    if (sort) sp.set('sort', sort);
    sp.set('lang', lang);
    return sp.toString();
  }, [q, page, pageSize, sort, lang]);
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
      ) : data.results.length === 0 ? (
        <p className="empty-state">{t('search.empty')}</p>
      ) : (
        <ol className={`search-results__list${search.isPlaceholderData ? ' is-stale' : ''}`}>
          {data.results.map((r) => {
            const isProduct = Boolean(r.content.code1);
            return (
              <li key={r.id} className="search-result">
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
                  <h2 className="search-result__name">
                    <Link to={to(r.path)}>{r.name}</Link>
                  </h2>
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
          })}
        </ol>
      )}
      {data && <Pagination page={page} pageCount={data.pagination.pageCount} hrefFor={hrefForPage} />}
    </section>
  );
}
