/** Sort, page size and view mode controls of the listing (spec 9 constants; relevance while searching). */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES, SORT_OPTIONS, type Sort } from '../../../../../api/contracts/catalog-constants';
import { type ListingSort, RELEVANCE } from '../utils/listing-params';
import { VIEW_MODES, type ViewMode } from './product-grid';

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
    <div className="listing-toolbar">
      <div className="field field--inline">
        <label htmlFor={sortId}>{t('sort.label')}</label>
        <select id={sortId} value={props.sort} onChange={(e) => props.onSortChange(e.target.value as ListingSort)}>
          {options.map((s) => (
            <option key={s} value={s}>
              {t(SORT_LABEL_KEYS[s])}
            </option>
          ))}
        </select>
      </div>
      <div className="field field--inline">
        <label htmlFor={sizeId}>{t('pageSize.label')}</label>
        <select id={sizeId} value={props.pageSize} onChange={(e) => props.onPageSizeChange(Number(e.target.value))}>
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
            type="button"
            className="icon-button"
            aria-pressed={props.viewMode === mode}
            title={t(`viewMode.${mode}`)}
            onClick={() => props.onViewModeChange(mode)}
          >
            <ViewModeIcon mode={mode} />
            <span className="visually-hidden">{t(`viewMode.${mode}`)}</span>
          </button>
        ))}
      </div>
    </div>
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
