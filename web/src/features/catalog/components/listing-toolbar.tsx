/**
 * Sort, page size and view mode controls of the listing (spec 9 constants; relevance while searching).
 *
 * A GET form to the listing's own URL, so they work without JavaScript too (a server-rendered page): the selects
 * are named like the listing's URL parameters (sort, pageSize), the view mode buttons submit `view`, and the rest of
 * the listing's query (q, c, f) travels in hidden fields; the page starts again at 1. The submit button of the
 * selects is inside <noscript>. With JavaScript the same controls navigate on change (`onSortChange`, …) and the
 * form is never submitted.
 */
import { useId } from 'react';
import { useTranslation } from '../../../lib/translation';
import { PAGE_SIZES, SORT_OPTIONS, type Sort, VIEW_MODES, type ViewMode } from '../../../../../api/contracts/catalog-constants';
import { type ListingSort, RELEVANCE } from '../utils/listing-params';

/** shop namespace label key per sort option (spec 9), and of relevance. */
export const SORT_LABEL_KEYS: Record<ListingSort, string> = {
  relevance: 'sort.relevance',
  '-modified_at': 'sort.recentlyChanged',
  '-id': 'sort.newest',
  id: 'sort.oldest',
  total_price: 'sort.priceAsc',
  '-total_price': 'sort.priceDesc',
  name: 'sort.nameAsc',
  '-name': 'sort.nameDesc',
};

/** Display order of the sort options: the default first, then newest/oldest, price, name. */
const SORT_ORDER: readonly Sort[] = ['-modified_at', '-id', 'id', 'total_price', '-total_price', 'name', '-name'];

interface ListingToolbarProps {
  sort: ListingSort;
  /** True on a search (q set): relevance is offered first. */
  searching: boolean;
  pageSize: number;
  viewMode: ViewMode;
  /** The form's target: the listing's path (a category URL or /products). */
  action: string;
  /** Query parameters the form carries over unchanged (name, value), e.g. q, c and f. */
  keep: [string, string][];
  onSortChange: (sort: ListingSort) => void;
  onPageSizeChange: (pageSize: number) => void;
  onViewModeChange: (mode: ViewMode) => void;
}

export function ListingToolbar(props: ListingToolbarProps) {
  const { t } = useTranslation('shop');
  const sortId = useId();
  const sizeId = useId();
  const specOptions: ListingSort[] = SORT_ORDER.filter((s) => (SORT_OPTIONS as readonly string[]).includes(s));
  const options: ListingSort[] = props.searching ? [RELEVANCE, ...specOptions] : specOptions;
  return (
    <form className="listing-toolbar" method="get" action={props.action} onSubmit={(e) => e.preventDefault()}>
      <div className="field field--inline">
        <label htmlFor={sortId}>{t('sort.label')}</label>
        <select id={sortId} name="sort" value={props.sort} onChange={(e) => props.onSortChange(e.target.value as ListingSort)}>
          {options.map((s) => (
            <option key={s} value={s}>
              {t(SORT_LABEL_KEYS[s])}
            </option>
          ))}
        </select>
      </div>
      <div className="field field--inline">
        <label htmlFor={sizeId}>{t('pageSize.label')}</label>
        <select id={sizeId} name="pageSize" value={props.pageSize} onChange={(e) => props.onPageSizeChange(Number(e.target.value))}>
          {PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
      <div className="view-mode" role="group" aria-label={t('viewMode.label')}>
        {VIEW_MODES.map((mode) => (
          <button
            key={mode}
            type="submit"
            name="view"
            value={mode}
            className="icon-button"
            aria-pressed={props.viewMode === mode}
            title={t(`viewMode.${mode}`)}
            onClick={(e) => {
              e.preventDefault();
              props.onViewModeChange(mode);
            }}
          >
            <ViewModeIcon mode={mode} />
            <span className="visually-hidden">{t(`viewMode.${mode}`)}</span>
          </button>
        ))}
      </div>
      {props.keep.map(([name, value], i) => (
        <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
      ))}
      <noscript>
        {/* Without JavaScript the selects apply through this button; it keeps the current view mode. */}
        <button type="submit" name="view" value={props.viewMode} className="button">
          {t('listingOptions.apply')}
        </button>
      </noscript>
    </form>
  );
}

function ViewModeIcon({ mode }: { mode: ViewMode }) {
  const paths: Record<ViewMode, string> = {
    grid: 'M3 3h8v8H3zM13 3h8v8h-8zM3 13h8v8H3zM13 13h8v8h-8z',
    list: 'M3 4h6v6H3zM11 5h10v2H11zM3 14h6v6H3zM11 15h10v2H11z',
    compact: 'M3 4h18v2H3zM3 9h18v2H3zM3 14h18v2H3zM3 19h18v2H3z',
  };
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path d={paths[mode]} fill="currentColor" />
    </svg>
  );
}
