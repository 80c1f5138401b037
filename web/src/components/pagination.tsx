/**
 * Pager (spec 2 "Pagination control"): previous and next arrows, page links, ellipsis gaps above 6 pages.
 * The page lives in the `page` query parameter; the caller builds each link's target.
 */
import { Link } from 'react-router';
import { useTranslation } from '../lib/translation';
import { pageItems } from '../lib/pagination';

interface PaginationProps {
  page: number;
  pageCount: number;
  /** Link target (search string or path) for a page number. */
  hrefFor: (page: number) => string;
}

export function Pagination({ page, pageCount, hrefFor }: PaginationProps) {
  const { t } = useTranslation('app');
  if (pageCount <= 1) return null;
  const items = pageItems(page, pageCount);
  return (
    <nav className="pagination" aria-label={t('pagination.label')}>
      <ul>
        <li>
          {page > 1 ? (
            <Link className="pagination__arrow" to={hrefFor(page - 1)} aria-label={t('pagination.previous')} rel="prev">
              <span aria-hidden="true">‹</span>
            </Link>
          ) : (
            <span className="pagination__arrow is-disabled" aria-hidden="true">‹</span>
          )}
        </li>
        {items.map((item, i) =>
          item === 'gap' ? (
            <li key={`gap-${i}`} className="pagination__gap">
              <span role="img" aria-label={t('pagination.gap')}>…</span>
            </li>
          ) : (
            <li key={item}>
              <Link
                className="pagination__page"
                to={hrefFor(item)}
                aria-label={t('pagination.page', { page: item })}
                aria-current={item === page ? 'page' : undefined}
              >
                {item}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < pageCount ? (
            <Link className="pagination__arrow" to={hrefFor(page + 1)} aria-label={t('pagination.next')} rel="next">
              <span aria-hidden="true">›</span>
            </Link>
          ) : (
            <span className="pagination__arrow is-disabled" aria-hidden="true">›</span>
          )}
        </li>
      </ul>
    </nav>
  );
}
